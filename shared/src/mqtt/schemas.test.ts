import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { responseSchema } from './envelope';
import { examples, requestExamples, responseExamples } from './examples';
import { bridgeEventSchema, bridgeInfoSchema, bridgeStateSchema } from './schemas/bridge';
import { deviceSchema, endpointEventSchema, endpointStateSchema } from './schemas/device';
import { requestSchemas } from './schemas/requests';
import { responseDataSchemas } from './schemas/responses';
import { deviceSetSchema, groupSetSchema, lightSetSchema, setResultDataSchema } from './schemas/set-command';
import { REQUEST_NAMES } from './topics';
import { alarmStateSchema } from './schemas/alarm';
import { networkMapProgressSchema, networkMapSchema } from './schemas/network-map';
import { removedDevicesSchema } from './schemas/removed-devices';
import { bridgeLogSchema } from './schemas/log';

const accepts = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)).toBeUndefined();
};
const firstIssue = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  expect(result.success).toBe(false);
  const issue = result.issues![0];
  return `${v.getDotPath(issue) ?? ''}: ${issue.message}`;
};

describe('mqtt payload schemas', () => {
  it('should accept every documented example', () => {
    accepts(bridgeStateSchema, examples.bridgeState);
    accepts(bridgeInfoSchema, examples.bridgeInfo);
    accepts(bridgeEventSchema, examples.bridgeEvent);
    accepts(deviceSchema, examples.device);
    accepts(endpointStateSchema, examples.deviceState);
    accepts(endpointStateSchema, examples.sensorState);
    accepts(endpointEventSchema, examples.deviceEvent);
    for (const command of [examples.deviceSet, examples.coverSet, examples.thermostatSet]) accepts(deviceSetSchema, command);
    accepts(groupSetSchema, examples.groupSet);
    accepts(responseSchema(setResultDataSchema), examples.setResult);
    accepts(responseSchema(setResultDataSchema), examples.setError);
    accepts(endpointEventSchema, examples.keypadEvent);
    accepts(alarmStateSchema, examples.alarmState);
    accepts(networkMapSchema, examples.networkMap);
    accepts(networkMapProgressSchema, examples.networkMapProgress);
    accepts(removedDevicesSchema, examples.removedDevices);
    accepts(bridgeLogSchema, examples.bridgeLog);
    for (const name of REQUEST_NAMES) {
      accepts(requestSchemas[name], requestExamples[name]);
      accepts(responseSchema(responseDataSchemas[name]), { status: 'ok', data: responseExamples[name] });
    }
  });

  it('should reject bridge payloads with the wrong shape', () => {
    expect(firstIssue(bridgeStateSchema, { state: 'up' })).toMatch(/^state:/);
    expect(firstIssue(bridgeInfoSchema, { ...examples.bridgeInfo, network: { channel: 27, panid: 1, extpanid: '0x00' } })).toBe(
      'network.channel: expected an integer from 11 to 26',
    );
    expect(firstIssue(bridgeEventSchema, { type: 'exploded', ieee: examples.bridgeEvent.ieee })).toMatch(/^type:/);
  });

  it('should reject device descriptions and states with bad fields', () => {
    const badSub = { ...examples.device.subdevices[0], type: 'Lamp' };
    expect(firstIssue(deviceSchema, { ...examples.device, subdevices: [badSub] })).toMatch(/^subdevices\.0\.type:/);
    expect(firstIssue(deviceSchema, { ...examples.device, uniqueid: '0017880102a3b4c5' })).toMatch(/^uniqueid:/);
    expect(firstIssue(endpointStateSchema, { state: { on: true }, config: {} })).toMatch(/^state\.lastupdated:/);
    expect(firstIssue(endpointStateSchema, { state: { Bri: 1, lastupdated: 'none' }, config: {} })).toMatch(/Bri/);
    // A set result's shown state holds deCONZ items, as the state topic does.
    expect(firstIssue(setResultDataSchema, { acknowledged: true, sent: ['bri'], state: { Bri: 1 } })).toMatch(/Bri/);
    expect(firstIssue(setResultDataSchema, { acknowledged: true, sent: ['bri'], state: [1] })).toMatch(/^state/);
  });

  it('should hold set commands to the REST ranges', () => {
    const cases: Array<[unknown, string]> = [
      [{ bri: 256 }, 'bri: expected an integer from 0 to 255'],
      [{ bri: -1 }, 'bri: expected an integer from 0 to 255'],
      [{ hue: 65536 }, 'hue: expected an integer from 0 to 65535'],
      [{ sat: 255.5 }, 'sat: expected an integer from 0 to 255'],
      [{ xy: [0.2] }, 'xy: expected [x, y] with each from 0 to 1'],
      [{ xy: [0.2, -0.1] }, 'xy.1: expected a number from 0 to 1'],
      [{ transitiontime: 70000 }, 'transitiontime: expected an integer from 0 to 65535'],
      [{ alert: 'blink' }, 'alert: expected none, select or lselect'],
      [{ effect: 'candle' }, 'effect: expected none or colorloop'],
      [{ lift: 101 }, 'lift: expected an integer from 0 to 100'],
      [{ lift: 'up' }, 'lift: expected an integer from 0 to 100 or "stop"'],
      [{ tilt: -5 }, 'tilt: expected an integer from 0 to 100'],
      [{ on: 'yes' }, 'on: expected true or false'],
      [{ heatsetpoint: 400 }, 'heatsetpoint: expected an integer from 500 to 3200'],
      [{ mode: 'turbo' }, expect.stringMatching(/^mode: expected one of off, auto/) as unknown as string],
      [{ transaction: 'x' }, ': expected at least one command item'],
      [{}, ': expected at least one command item'],
    ];
    for (const [input, message] of cases) expect(firstIssue(deviceSetSchema, input)).toEqual(message);
    expect(firstIssue(deviceSetSchema, { bri: 1, brightness: 3 })).toMatch(/^brightness:/);
    accepts(deviceSetSchema, { lift: 'stop' });
    accepts(deviceSetSchema, { stop: true, open: false });
  });

  it("should bound ct by group range and by a light's own limits", () => {
    expect(firstIssue(groupSetSchema, { ct: 152 })).toBe('ct: expected an integer from 153 to 500');
    accepts(groupSetSchema, { ct: 500 });
    const light = lightSetSchema({ ctmin: 153, ctmax: 454 });
    accepts(light, { ct: 454 });
    expect(firstIssue(light, { ct: 455 })).toBe('ct: expected an integer from 153 to 454');
    expect(firstIssue(groupSetSchema, { heatsetpoint: 2000 })).toMatch(/^heatsetpoint:/);
  });

  it('should reject requests that lack what they act on', () => {
    expect(firstIssue(requestSchemas.permit_join, { time: 65536 })).toBe('time: expected an integer from 0 to 65535');
    expect(firstIssue(requestSchemas['device/remove'], { leave: true })).toMatch(/^ieee:/);
    expect(firstIssue(requestSchemas['device/rename'], { ieee: examples.device.ieee, name: 'x'.repeat(33) })).toBe('name: expected at most 32 characters');
    expect(firstIssue(requestSchemas['device/read'], { ieee: examples.device.ieee, cluster: 6, attributes: [] })).toBe(
      'attributes: expected at least one attribute',
    );
    expect(firstIssue(requestSchemas['group/add_member'], { group: 0, ieee: examples.device.ieee, endpoint: 1 })).toMatch(/^group:/);
    expect(firstIssue(requestSchemas['scene/recall'], { group: 1, scene: 256 })).toMatch(/^scene:/);
    expect(firstIssue(requestSchemas.devices, { limit: 500 })).toBe('limit: expected an integer from 1 to 100');
  });

  it('should fill request defaults', () => {
    const remove = v.parse(requestSchemas['device/remove'], { ieee: examples.device.ieee });
    expect(remove).toEqual({ ieee: examples.device.ieee, leave: true, force: false });
    expect(v.parse(requestSchemas.devices, {})).toEqual({ offset: 0, limit: 50 });
  });
});
