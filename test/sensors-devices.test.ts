import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError, itConformsToDeconz } from '../api/test/helpers/conformance';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * Device sensors of the virtual radio arriving in REST and on the WebSocket (a real `ws` client),
 * through the real bridge and its broker: presses pushed exactly once, measurements in deCONZ
 * units, a keypad, and a thermostat whose setpoint a REST write really changes on the device.
 */
const BUTTON = '00124b0022a1300b';
const DOOR = '00124b0022a1300a';
const CLIMATE = '00124b0022a13008';
const KEYPAD = '000d6f000e5a300d';
const THERMOSTAT = '000d6f000e5a3007';
const DEVICES = [
  { model: 'WB01', ieee: BUTTON },
  { model: 'DS01', ieee: DOOR },
  { model: 'TH01', ieee: CLIMATE },
  { model: '3400', ieee: KEYPAD },
  { model: 'Zen-01', ieee: THERMOSTAT },
];

interface Sensor {
  type: string;
  name: string;
  uniqueid: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
  etag: string;
}

describe('sensors: devices on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startSensorStack(DEVICES);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    const subs = {
      button: uniqueidOf(BUTTON, 1, '0006'),
      door: uniqueidOf(DOOR, 1, '0500'),
      temperature: uniqueidOf(CLIMATE, 1, '0402'),
      humidity: uniqueidOf(CLIMATE, 1, '0405'),
      keypad: uniqueidOf(KEYPAD, 1, '0501'),
      thermostat: uniqueidOf(THERMOSTAT, 3, '0201'),
    };
    for (const [name, uniqueid] of Object.entries(subs)) ids[name] = await sensorId(stack, uniqueid);
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should list every sub-device as a sensor of its deCONZ type, endpoint and uniqueid', async () => {
    const { status, body } = await stack.rest.get('/sensors');
    expect(status).toBe(200);
    const sensors = body as Record<string, Sensor>;
    const expected: Record<string, [string, number]> = {
      button: ['ZHASwitch', 1],
      door: ['ZHAOpenClose', 1],
      temperature: ['ZHATemperature', 1],
      humidity: ['ZHAHumidity', 1],
      keypad: ['ZHAAncillaryControl', 1],
      thermostat: ['ZHAThermostat', 3],
    };
    for (const [name, [type, ep]] of Object.entries(expected)) {
      expect(sensors[ids[name]!], name).toMatchObject({ type, ep, config: { on: true, reachable: true } });
    }
    // Distinct ids, none of them the Daylight sensor's.
    expect(new Set(Object.values(ids)).size).toBe(Object.keys(ids).length);
    expect(Object.values(ids)).not.toContain('1');
  });

  it('should push each button press exactly once, a repeated value included', async () => {
    const id = ids.button!;
    const from = ws.events.length;
    const presses: [string, number][] = [
      ['single', 1002],
      ['single', 1002],
      ['double', 1004],
      ['hold', 1003],
    ];
    for (const [index, [kind, code]] of presses.entries()) {
      await act(stack, BUTTON, 'press', { button: 'button', kind });
      await waitFor(() => changesOf(ws.events, id, from).filter((e) => e.state).length > index, `push of press ${index + 1} (${kind})`, 10_000);
      expect((await stack.rest.get(`/sensors/${id}`)).body.state.buttonevent).toBe(code);
    }
    // Both the bridge's event and its retained state carry each press: neither may add a push. The
    // door opening and closing after them is the barrier: the bridge publishes in order and the api
    // pushes in order, so a second push of a press would come before the door's.
    const door = ids.door!;
    await act(stack, DOOR, 'open');
    await waitFor(
      () => changesOf(ws.events, door, from).some((e) => (e.state as Record<string, unknown> | undefined)?.open === true),
      'the door opening after the presses',
      10_000,
    );
    await act(stack, DOOR, 'close');
    await waitFor(
      () => changesOf(ws.events, door, from).some((e) => (e.state as Record<string, unknown> | undefined)?.open === false),
      'the door closing again',
      10_000,
    );
    const pushed = changesOf(ws.events, id, from)
      .filter((e) => e.state)
      .map((e) => (e.state as Record<string, unknown>).buttonevent);
    expect(pushed).toEqual([1002, 1002, 1004, 1003]);
  }, 60_000);

  it('should report the contact sensor opening and closing', async () => {
    const id = ids.door!;
    const from = ws.events.length;
    await act(stack, DOOR, 'open');
    await sensorWhen<Sensor>(stack, id, (s) => s.state.open === true, 'door open');
    await act(stack, DOOR, 'close');
    const closed = await sensorWhen<Sensor>(stack, id, (s) => s.state.open === false, 'door closed');
    expect(closed.state.lastupdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    const opens = changesOf(ws.events, id, from)
      .map((e) => (e.state as Record<string, unknown> | undefined)?.open)
      .filter((v) => v !== undefined);
    expect(opens).toEqual([true, false]);
  }, 30_000);

  it('should give humidity and temperature in hundredths, each on its own sensor', async () => {
    // The device reports each value at most every 30 s: each step below is its first report.
    // The bridge reads the values once at pairing (the device holds 21.50 °C): the start here.
    const before = (await sensorWhen<Sensor>(stack, ids.temperature!, (s) => s.state.temperature === 2150, 'the temperature read at pairing')).state;
    const from = ws.events.length;
    await act(stack, CLIMATE, 'set', { humidity: 45.5 });
    const humidity = await sensorWhen<Sensor>(stack, ids.humidity!, (s) => s.state.humidity === 4550, 'humidity 4550');
    expect(humidity.state.temperature).toBeUndefined();
    await waitFor(
      () => changesOf(ws.events, ids.humidity!, from).some((e) => (e.state as Record<string, unknown> | undefined)?.humidity === 4550),
      'the humidity push',
    );
    // The humidity report alone must not touch the temperature sensor sharing its endpoint (its
    // `lastseen` may move: the device was heard, and deCONZ pushes that as an attr event).
    expect(
      changesOf(ws.events, ids.temperature!, from).filter((e) => e.attr === undefined || Object.keys(e.attr as object).some((k) => k !== 'lastseen')),
    ).toEqual([]);
    expect((await stack.rest.get(`/sensors/${ids.temperature}`)).body.state).toEqual(before);
    await act(stack, CLIMATE, 'set', { temperature: 21.37 });
    const temperature = await sensorWhen<Sensor>(stack, ids.temperature!, (s) => s.state.temperature === 2137, 'temperature 2137');
    expect(temperature.state.humidity).toBeUndefined();
    expect(temperature.state.lastupdated).not.toBe('none');
    await waitFor(
      () => changesOf(ws.events, ids.temperature!, from).some((e) => (e.state as Record<string, unknown> | undefined)?.temperature === 2137),
      'the temperature push',
    );
  }, 60_000);

  it('should keep a temperature and humidity offset and show the values with it added', async () => {
    const from = ws.events.length;
    for (const [name, offset] of [
      ['temperature', -150],
      ['humidity', 200],
    ] as const) {
      const res = await stack.rest.put(`/sensors/${ids[name]}/config`, { offset });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${ids[name]}/config/offset`]: offset } }] });
    }
    expect((await stack.rest.get(`/sensors/${ids.temperature}`)).body).toMatchObject({ config: { offset: -150 }, state: { temperature: 1987 } });
    expect((await stack.rest.get(`/sensors/${ids.humidity}`)).body).toMatchObject({ config: { offset: 200 }, state: { humidity: 4750 } });
    await waitFor(
      () => changesOf(ws.events, ids.temperature!, from).some((e) => (e.state as Record<string, unknown> | undefined)?.temperature === 1987),
      'the corrected temperature push',
    );
    // A bad offset is 7 and changes nothing.
    const bad = await stack.rest.put(`/sensors/${ids.temperature}/config`, { offset: 40000 });
    expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${ids.temperature}/config/offset` }) }]);
    expect((await stack.rest.get(`/sensors/${ids.temperature}`)).body.config.offset).toBe(-150);
  }, 60_000);

  it('should show keypad arming as ZHAAncillaryControl action without ever showing the PIN', async () => {
    const id = ids.keypad!;
    // Once paired, the keypad is shown the alarm state (a state push of its own): wait for it first.
    await sensorWhen<Sensor>(stack, id, (s) => s.state.panel !== undefined, 'the keypad showing the alarm state');
    // And only changed items: with notifyall every push of the keypad carries its whole state, so
    // any later state push would repeat the last action and read as a second press here.
    await stack.rest.put('/config', { websocketnotifyall: false });
    try {
      const from = ws.events.length;
      // No alarm PIN is set here, so the gateway answers each with invalid_code, which becomes the
      // keypad's next action (test/alarm-keypad.test.ts): follow the pushes, not the last state.
      const actions = () =>
        changesOf(ws.events, id, from)
          .map((e) => (e.state as Record<string, unknown> | undefined)?.action)
          .filter(Boolean);
      await act(stack, KEYPAD, 'pin', { code: '4711', command: 'arm_all' });
      await waitFor(() => actions().includes('armed_away'), 'the armed_away push');
      await act(stack, KEYPAD, 'pin', { code: '4711', command: 'disarm' });
      await waitFor(() => actions().includes('disarmed'), 'the disarmed push');
      // Each press pushed exactly once.
      expect(actions().filter((a) => a !== 'invalid_code')).toEqual(['armed_away', 'disarmed']);
      const sensor = await sensorWhen<Sensor>(stack, id, (s) => s.state.action !== undefined, 'a keypad action');
      expect(JSON.stringify(sensor)).not.toContain('4711');
      expect(JSON.stringify(changesOf(ws.events, id, from))).not.toContain('4711');
    } finally {
      await stack.rest.put('/config', { websocketnotifyall: true });
    }
  }, 30_000);

  it('should present the keypad with the state fields the spec lists for it', async () => {
    const sensor = await sensorWhen<Sensor>(stack, ids.keypad!, (s) => s.state.panel !== undefined, 'the keypad panel');
    expect(sensor.type).toBe('ZHAAncillaryControl');
    expect(sensor.state).toMatchObject({ panel: 'disarmed', seconds_remaining: 0 });
    expect(sensor.state.lastupdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    expect(sensor.config).toMatchObject({ on: true, reachable: true, battery: expect.any(Number) });
  });

  it('should show the thermostat and change the real device setpoint on PUT config heatsetpoint', async () => {
    const id = ids.thermostat!;
    const sensor = (await stack.rest.get(`/sensors/${id}`)).body as Sensor;
    expect(sensor.state.temperature).toEqual(expect.any(Number));
    expect(sensor.state.temperature).toBeGreaterThan(1000); // 0.01 °C: the device starts near 20.5 °C
    const from = ws.events.length;
    const put = await stack.rest.put(`/sensors/${id}/config`, { heatsetpoint: 2150 });
    expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/heatsetpoint`]: 2150 } }] });
    const real = await realState(stack, THERMOSTAT);
    expect(real.endpoints['3'].hvacThermostat.occupiedHeatingSetpoint).toBe(2150);
    await sensorWhen<Sensor>(stack, id, (s) => s.config.heatsetpoint === 2150, 'heatsetpoint 2150 in config');
    await waitFor(
      () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.heatsetpoint === 2150),
      'the config push',
    );
  }, 30_000);

  it('should answer an item the thermostat does not have per item, and still apply the others', async () => {
    const id = ids.thermostat!;
    const put = await stack.rest.put(`/sensors/${id}/config`, { heatsetpoint: 2000, tholddark: 100 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual([
      { success: { [`/sensors/${id}/config/heatsetpoint`]: 2000 } },
      { error: { type: 6, address: `/sensors/${id}/config/tholddark`, description: 'parameter, tholddark, not available' } },
    ]);
    expect((await realState(stack, THERMOSTAT)).endpoints['3'].hvacThermostat.occupiedHeatingSetpoint).toBe(2000);
    const only = await stack.rest.put(`/sensors/${id}/config`, { usertest: true });
    expect(only.status).toBe(400);
    expect(only.body).toEqual([{ error: { type: 6, address: `/sensors/${id}/config/usertest`, description: 'parameter, usertest, not available' } }]);
  }, 30_000);

  it('should change the full-state ETag on a device report that writes nothing to the database', async () => {
    const full = (tag?: string) =>
      fetch(`${stack.rest.base}/api/${stack.rest.key}`, {
        headers: tag ? { 'If-None-Match': tag } : {},
        signal: AbortSignal.timeout(10_000),
      });
    // The thermostat reports its drifting temperature now and then: retry until a tag validates.
    const tag = await waitFor(
      async () => {
        const current = (await full()).headers.get('etag')!;
        return (await full(current)).status === 304 ? current : undefined;
      },
      'a full-state ETag answered with 304',
      10_000,
    );
    const revision = stack.api.services.store.revision();
    const door = (await stack.rest.get(`/sensors/${ids.door}`)).body as Sensor;
    await act(stack, DOOR, door.state.open ? 'close' : 'open');
    await sensorWhen<Sensor>(stack, ids.door!, (s) => s.state.open === !door.state.open, 'the door to change');
    expect(stack.api.services.store.revision()).toBe(revision);
    const after = await full(tag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    const body = (await after.json()) as { sensors: Record<string, Sensor> };
    expect(body.sensors[ids.door!]!.state.open).toBe(!door.state.open);
  }, 30_000);

  describe('bad input on device sensors', () => {
    const request = (path: string, init?: RequestInit) => fetch(`${stack.rest.base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    const send = (method: string, path: string, body: unknown) =>
      request(`/api/${stack.rest.key}${path}`, { method, body: typeof body === 'string' ? body : JSON.stringify(body) });

    itConformsToDeconz({
      context: () => ({ request, key: stack.rest.key }),
      collection: '/sensors',
      unknownId: '/sensors/9999',
      // A getter: the id is known only once the stack runs (the title shows the placeholder).
      write: {
        method: 'PUT',
        get path() {
          return `/sensors/${ids.thermostat ?? '<thermostat>'}/config`;
        },
      },
      wrongMethod: 'PATCH',
    });

    it('should refuse bad config, state, name and delete bodies and leave device and data unchanged', async () => {
      const thermostat = ids.thermostat!;
      const button = ids.button!;
      const setpoint = (await realState(stack, THERMOSTAT)).endpoints['3'].hvacThermostat.occupiedHeatingSetpoint as number;
      const before = {
        thermostat: (await stack.rest.get(`/sensors/${thermostat}`)).body as Sensor,
        button: (await stack.rest.get(`/sensors/${button}`)).body as Sensor,
      };
      const revision = stack.api.services.store.revision();
      const config = `/sensors/${thermostat}/config`;
      for (const value of ['warm', 20_000, 499, 21.5, null, true]) {
        await expectDeconzError(await send('PUT', config, { heatsetpoint: value }), 400, 7, `${config}/heatsetpoint`);
      }
      await expectDeconzError(await send('PUT', config, { mode: 'party' }), 400, 7, `${config}/mode`);
      await expectDeconzError(await send('PUT', config, {}), 400, 5, config);
      await expectDeconzError(await send('PUT', config, '[2150]'), 400, 2);
      await expectDeconzError(await send('PUT', config, '{"heatsetpoint": 2150'), 400, 2);
      await expectDeconzError(await send('PUT', `/sensors/${thermostat}/state`, { temperature: 2500 }), 400, 8, `/sensors/${thermostat}/state/temperature`);
      await expectDeconzError(await send('PUT', `/sensors/${button}/state`, { buttonevent: 'pressed' }), 400, 7, `/sensors/${button}/state/buttonevent`);
      await expectDeconzError(await send('PUT', `/sensors/${button}/state`, { buttonevent: -1 }), 400, 7, `/sensors/${button}/state/buttonevent`);
      for (const name of ['', 'x'.repeat(33), 5]) await expectDeconzError(await send('PUT', `/sensors/${button}`, { name }), 400, 7, `/sensors/${button}/name`);
      await expectDeconzError(await send('PUT', `/sensors/${button}`, { type: 'CLIPSwitch' }), 400, 8, `/sensors/${button}/type`);
      await expectDeconzError(await send('PUT', `/sensors/${button}`, { name: 'fine', colour: 'red' }), 400, 6, `/sensors/${button}/colour`);
      await expectDeconzError(await send('PUT', `/sensors/${button}`, { mode: 2 }), 400, 8, `/sensors/${button}/mode`);
      await expectDeconzError(await send('DELETE', `/sensors/${button}`, { reset: 'yes' }), 400, 7, `/sensors/${button}/reset`);
      await expectDeconzError(await send('DELETE', `/sensors/${button}`, { reset: true, force: true }), 400, 6, `/sensors/${button}/force`);
      await expectDeconzError(await send('DELETE', `/sensors/${button}`, '{"reset":'), 400, 2);
      // deCONZ names the sensor, not the sub-path, in a 3.
      for (const path of ['/sensors/9999/config', '/sensors/9999/state'])
        await expectDeconzError(await send('PUT', path, { on: true }), 404, 3, '/sensors/9999');
      await expectDeconzError(await send('DELETE', '/sensors/9999', ''), 404, 3, '/sensors/9999');

      expect(stack.api.services.store.revision()).toBe(revision);
      expect((await realState(stack, THERMOSTAT)).endpoints['3'].hvacThermostat.occupiedHeatingSetpoint).toBe(setpoint);
      const after = {
        thermostat: (await stack.rest.get(`/sensors/${thermostat}`)).body as Sensor,
        button: (await stack.rest.get(`/sensors/${button}`)).body as Sensor,
      };
      expect(after.button).toEqual(before.button);
      expect(after.thermostat.config).toEqual(before.thermostat.config);
      expect(after.thermostat).toMatchObject({ name: before.thermostat.name, type: 'ZHAThermostat' });
    }, 30_000);
  });
});
