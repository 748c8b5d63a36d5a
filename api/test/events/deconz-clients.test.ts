import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { addDevice } from '../helpers/bridge-devices';
import { deconzRefusal as refusal } from '../helpers/deconz-events';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { listenEvents, type EventLog } from '../helpers/events';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';

/**
 * A run touching every resource type shows a deCONZ client (one that takes only deCONZ's kinds and
 * keys, helpers/deconz-events.ts) nothing else, while a client that asks (`?events=all`) gets
 * herdgate's own events too.
 */
const THERMOMETER: DeviceDescription = {
  ...colorLamp('0x00124b0022a1e001', 'Hall thermometer'),
  manufacturername: 'eWeLink',
  modelid: 'TH01',
  powersource: 'battery',
  subdevices: [
    {
      type: 'ZHATemperature',
      resource: 'sensors',
      uniqueid: '00:12:4b:00:22:a1:e0:01-01-0402',
      endpoint: 1,
      state: ['temperature'],
      config: ['battery', 'on', 'reachable'],
    },
  ],
};

describeOnRuntimesWithBridge('events for deCONZ clients', (gw, bridge) => {
  let key: string;
  let plain: EventLog;
  let all: EventLog;
  const send = async (method: string, path: string, body: unknown = {}) => {
    const res = await gw().request(`/api/${key}${path}`, jsonInit(method, body));
    const answer = (await res.json()) as Array<{ success?: Record<string, unknown> }>;
    expect(res.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer;
  };

  beforeAll(async () => {
    key = await gw().createKey();
    plain = await listenEvents(gw(), () => true);
    all = await listenEvents(gw(), () => true, { extensions: true });
    const lamp = colorLamp('0x0017880102a3e002', 'Hall lamp');
    const light = await addDevice(gw(), bridge(), key, lamp, 11, LAMP_STATE);
    const sensor = await addDevice(gw(), bridge(), key, THERMOMETER, 1, { temperature: 2150, lastupdated: '2026-01-15T11:59:00.000' });
    await bridge().setState(lamp.ieee, 11, { on: true, bri: 60, lastupdated: '2026-01-15T12:00:01.000' });
    await bridge().setState(THERMOMETER.ieee, 1, { temperature: 2210, lastupdated: '2026-01-15T12:00:02.000' });
    await send('PUT', `/lights/${light}`, { name: 'Hall ceiling' });
    await send('PUT', `/sensors/${sensor}`, { name: 'Hall air' });
    const group = String((await send('POST', '/groups', { name: 'Hall', lights: [light] }))[0]!.success!.id);
    await send('PUT', `/groups/${group}`, { name: 'Hallway', lights: [light] });
    await send('PUT', `/groups/${group}/action`, { on: false });
    const scene = String((await send('POST', `/groups/${group}/scenes`, { name: 'Evening' }))[0]!.success!.id);
    await send('PUT', `/groups/${group}/scenes/${scene}/recall`);
    await send('PUT', '/alarmsystems/1/config', { code0: '4711' });
    await send('PUT', '/alarmsystems/1/arm_stay', { code0: '4711' });
    // herdgate's own: a settings change, a network map scan.
    await send('PUT', '/config', { name: 'hall gateway' });
    await send('POST', '/networkmap');
    await send('DELETE', `/groups/${group}`);
    await send('DELETE', `/lights/${light}`);
    await bridge().removeDevice(lamp.ieee);
    await bridge().removeDevice(THERMOMETER.ieee);
    // The last events of the run: each client has everything before once its own arrives.
    await all.until((events) => events.filter((e) => e.e === 'deleted' && e.r === 'devices').length === 2);
    await plain.until((events) => events.some((e) => e.e === 'deleted' && e.r === 'sensors'));
  }, 90_000);

  describe('a client that asked for nothing', () => {
    it('should see only what deCONZ sends, with the keys deCONZ puts there', () => {
      expect(plain.events.map(refusal).filter((why) => why !== undefined)).toEqual([]);
    });

    it('should still see every resource type of the run change', () => {
      const kinds = new Set(plain.events.map((e) => `${String(e.r)}/${String(e.e)}`));
      for (const kind of [
        'lights/added',
        'lights/changed',
        'lights/deleted',
        'sensors/added',
        'sensors/changed',
        'sensors/deleted',
        'groups/added',
        'groups/changed',
        'groups/deleted',
        'scenes/scene-called',
        'alarmsystems/changed',
      ]) {
        expect(kinds, kind).toContain(kind);
      }
      // A group's member change reaches it as the rename it also was, without the member list.
      expect(plain.events).toContainEqual({ t: 'event', e: 'changed', r: 'groups', id: expect.any(String), name: 'Hallway' });
    });
  });

  describe("a client that asked for herdgate's events (?events=all)", () => {
    it('should get the device, settings and network map events too', () => {
      const kinds = new Set(all.events.map((e) => `${String(e.r)}/${String(e.e)}`));
      for (const kind of ['devices/added', 'devices/changed', 'devices/deleted', 'config/changed', 'networkmap/changed']) expect(kinds, kind).toContain(kind);
      expect(all.events).toContainEqual(
        expect.objectContaining({
          r: 'devices',
          e: 'changed',
          subdevice: '00:17:88:01:02:a3:e0:02-0b',
          state: expect.objectContaining({ bri: expect.anything() }),
        }),
      );
    });

    it('should get every event the other client got, there in full', () => {
      // The other client's events are these, or these without the keys deCONZ never sends.
      const within = (part: Record<string, unknown>) => (whole: Record<string, unknown>) =>
        Object.entries(part).every(([k, v]) => JSON.stringify(whole[k]) === JSON.stringify(v));
      expect(plain.events.filter((event) => !all.events.some(within(event)))).toEqual([]);
      expect(all.events.length).toBeGreaterThan(plain.events.length);
    });
  });
});
