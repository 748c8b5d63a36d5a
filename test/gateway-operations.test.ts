import { topics } from '@herdgate/shared/mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, connectMqtt, createRestClient, type EventClient, type MqttProbe, type RestClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { herdsmanIeee, realState, startSensorStack } from './sensors-support';

/**
 * Gateway settings taking effect and `POST /config/reset` on the real stack (virtual radio, bridge
 * child, api), one stack for the file, the steps in this order:
 * - `lightlastseeninterval`: a light's `lastseen` updates (MQTT description, WebSocket event) at
 *   most once per interval, however often it reports;
 * - `networkopenduration` past the radio's 254 s frame: the whole window is open and counted down;
 * - refused reset bodies change nothing, `deleteDB` empties the database and the gateway carries on
 *   in the same process (the asking key, the WebSocket client and the bridge link keep working, the
 *   paired devices come back as new resources), `resetGW` leaves the devices behind (a command to
 *   one is answered, on MQTT and REST, with what happened), and both together.
 */
const LAMP = { model: 'LCT015', ieee: '0017880100000c01' };
const DOOR = { model: 'DS01', ieee: '00124b0022a10c02' };
const LAMP_MAC = '00:17:88:01:00:00:0c:01';

let stack: Stack;
let ws: EventClient;
let other: RestClient;

beforeAll(async () => {
  stack = await startSensorStack([LAMP, DOOR]);
  ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}/?events=all`);
  other = await createRestClient(stack.rest.base);
}, 120_000);
afterAll(async () => {
  ws?.close();
  await stack?.close();
}, 60_000);

const rest = () => stack.rest;
const lampId = async () => {
  const lights = (await rest().get('/lights')).body as Record<string, { uniqueid: string }>;
  return Object.keys(lights).find((id) => lights[id].uniqueid.startsWith(LAMP_MAC));
};
const config = async () => (await rest().get('/config')).body as Record<string, any>;

describe('light lastseen interval', () => {
  /** WebSocket `lastseen` events of the lamp since `from`. */
  const lastseenEvents = (lamp: string, from: number) =>
    ws.events.slice(from).filter((e) => e.r === 'lights' && e.id === lamp && e.attr && Object.keys(e.attr).join() === 'lastseen');
  const report = async (lamp: string, on: boolean) => expect((await rest().put(`/lights/${lamp}/state`, { on })).status).toBe(200);

  it('should update the lastseen of a light at most once per interval, on MQTT and the WebSocket', async () => {
    const lamp = (await lampId())!;
    const probe = await connectMqtt(stack.mqttUrl, [topics.device('herdgate', herdsmanIeee(LAMP.ieee))]);
    try {
      await waitFor(() => probe.messages.length > 0, 'the retained lamp description', 5_000, 50);
      // A 1 s interval: the next report (the lamp answering a command) is published.
      expect((await rest().put('/config', { lightlastseeninterval: 1 })).status).toBe(200);
      let from = ws.events.length;
      const described = probe.messages.length;
      await waitFor(
        async () => {
          await report(lamp, true);
          return lastseenEvents(lamp, from).length > 0;
        },
        'a lastseen event',
        10_000,
        200,
      );
      expect(probe.messages.length).toBeGreaterThan(described);
      // The longest interval: many reports, no further update anywhere.
      expect((await rest().put('/config', { lightlastseeninterval: 65535 })).status).toBe(200);
      from = ws.events.length;
      const quiet = probe.messages.length;
      for (let i = 0; i < 6; i += 1) await report(lamp, i % 2 === 0);
      await stack.api.services.lights.settled();
      expect(lastseenEvents(lamp, from)).toEqual([]);
      expect(probe.messages.length).toBe(quiet);
      // Back to 1 s: once the interval has passed, the next report updates it again.
      expect((await rest().put('/config', { lightlastseeninterval: 1 })).status).toBe(200);
      await waitFor(
        async () => {
          await report(lamp, false);
          return lastseenEvents(lamp, from).length > 0;
        },
        'another lastseen event',
        10_000,
        300,
      );
      expect(lastseenEvents(lamp, from)[0]!.attr).toEqual({ lastseen: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/) });
      expect(probe.messages.length).toBeGreaterThan(quiet);
    } finally {
      await probe.close();
      await rest().put('/config', { lightlastseeninterval: 60 });
    }
  }, 60_000);
});

describe('long searches', () => {
  it('should keep the network open past one 254 s radio frame and close it early on request', async () => {
    expect((await rest().put('/config', { networkopenduration: 600 })).status).toBe(200);
    expect(await rest().post('/sensors')).toEqual({ status: 200, body: [{ success: { '/sensors': 'Searching for new devices', '/sensors/duration': 600 } }] });
    const open = await config();
    expect(open.permitjoin).toBe(254);
    expect(open.permitjoinfull).toBeGreaterThan(254);
    expect(open.permitjoinfull).toBeLessThanOrEqual(600);
    // The bridge counts the whole window down for MQTT readers too.
    await waitFor(() => (stack.api.services.bridge.info()?.permit_join.remaining ?? 0) > 254, 'the bridge info countdown past 254', 5_000, 50);
    expect((await rest().put('/config', { permitjoin: 0 })).status).toBe(200);
    expect(await config()).toMatchObject({ permitjoin: 0, permitjoinfull: 0 });
    await waitFor(() => stack.api.services.bridge.info()?.permit_join.open === false, 'the bridge info closed', 5_000, 50);
    await rest().put('/config', { networkopenduration: 60 });
  }, 60_000);
});

describe('gateway reset', () => {
  const userData = async () => ({
    groups: Object.values((await rest().get('/groups')).body as Record<string, { name: string }>).map((g) => g.name),
    rules: Object.keys((await rest().get('/rules')).body as object).length,
    schedules: Object.keys((await rest().get('/schedules')).body as object).length,
    sensors: Object.values((await rest().get('/sensors')).body as Record<string, { name: string; type: string }>)
      .map((s) => `${s.type}:${s.name}`)
      .sort(),
    lights: Object.values((await rest().get('/lights')).body as Record<string, { name: string }>)
      .map((l) => l.name)
      .sort(),
    alarm: ((await rest().get('/alarmsystems/1')).body as { name: string }).name,
    name: (await config()).name as string,
  });

  it('should refuse bad bodies and leave every stored resource as it was', async () => {
    const lamp = (await lampId())!;
    expect((await rest().put(`/lights/${lamp}`, { name: 'Reading lamp' })).status).toBe(200);
    expect((await rest().post('/groups', { name: 'Living room', lights: [lamp] })).status).toBe(200);
    expect(
      (await rest().post('/sensors', { name: 'Switch', type: 'CLIPGenericFlag', modelid: 'm', manufacturername: 'x', swversion: '1', uniqueid: 'clip-flag-1' }))
        .status,
    ).toBe(200);
    expect(
      (
        await rest().post('/rules', {
          name: 'r',
          conditions: [{ address: '/config/localtime', operator: 'in', value: 'T22:00:00/T23:00:00' }],
          actions: [{ address: `/lights/${lamp}/state`, method: 'PUT', body: { on: false } }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await rest().post('/schedules', {
          name: 's',
          command: { address: `/api/${rest().key}/lights/${lamp}/state`, method: 'PUT', body: { on: true } },
          localtime: 'W127/T07:00:00',
        })
      ).status,
    ).toBe(200);
    expect((await rest().put('/alarmsystems/1', { name: 'House' })).status).toBe(200);
    expect((await rest().put('/config', { name: 'Before reset' })).status).toBe(200);
    const before = await userData();
    const bad: [unknown, number, number, string?][] = [
      [{}, 400, 5, '/config/reset'],
      [{ deleteDB: 'yes' }, 400, 7, '/config/reset/deleteDB'],
      [{ resetGW: 1, deleteDB: true }, 400, 7, '/config/reset/resetGW'],
      [{ deleteDB: null }, 400, 7, '/config/reset/deleteDB'],
      [[true], 400, 2],
    ];
    for (const [body, status, type, address] of bad) {
      const res = await rest().post('/config/reset', body);
      expect({ body, status: res.status, type: res.body[0].error.type }).toEqual({ body, status, type });
      if (address) expect(res.body[0].error.address).toBe(address);
    }
    const raw = await fetch(`${rest().base}/api/${rest().key}/config/reset`, { method: 'POST', body: '{"deleteDB":' });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { type: number } }[])[0]!.error.type).toBe(2);
    expect(await userData()).toEqual(before);
    expect(before.lights).toContain('Reading lamp');
    expect(before.groups).toContain('Living room');
    expect((await other.get('/lights')).status).toBe(200);
  }, 60_000);

  it('should delete the database on deleteDB and carry on in the same process', async () => {
    const oldLamp = (await lampId())!;
    const before = ws.events.length;
    const res = await rest().post('/config/reset', { deleteDB: true });
    expect(res).toEqual({ status: 200, body: [{ success: { '/config/reset': 'success' } }] });
    // The asking key works; every other key is gone.
    expect((await rest().get('/config')).status).toBe(200);
    expect((await other.get('/lights')).status).toBe(403);
    const after = await userData();
    expect(after).toMatchObject({ groups: expect.not.arrayContaining(['Living room']), rules: 0, schedules: 0, alarm: 'default', name: 'herdgate' });
    expect(after.sensors).not.toContain('CLIPGenericFlag:Switch');
    expect(after.sensors).toContain('Daylight:Daylight');
    // The paired devices are still on the network: they are back at once, as new resources.
    expect(after.sensors.some((s) => s.startsWith('ZHAOpenClose:'))).toBe(true);
    // Light ids are the first free ones, as always: the lamp may well get its old id back.
    const newLamp = await waitFor(lampId, 'the lamp added again', 10_000, 100);
    expect(after.lights).toHaveLength(1);
    // Its REST name had renamed the device on the bridge (one name per device): deleteDB gives it
    // back the name it paired with, on REST and on the bridge's description.
    expect(after.lights).not.toContain('Reading lamp');
    expect(stack.api.services.bridge.devices().get(herdsmanIeee(LAMP.ieee))?.name).not.toBe('Reading lamp');
    const whitelist = (await rest().get('/config')).body.whitelist as Record<string, unknown>;
    expect(Object.keys(whitelist)).toEqual([rest().key]);
    // A write right after, and a command through the same bridge link.
    const group = await rest().post('/groups', { name: 'After reset' });
    expect(group.status).toBe(200);
    expect((await rest().get(`/groups/${group.body[0].success.id}`)).body.name).toBe('After reset');
    expect((await rest().put(`/lights/${newLamp}/state`, { on: true })).status).toBe(200);
    expect((await realState(stack, LAMP.ieee)).endpoints['11'].genOnOff.onOff).toBe(1);
    // The WebSocket client never reconnected and hears about the reset and the lamp coming back.
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    await waitFor(() => ws.events.slice(before).some((e) => e.r === 'lights' && e.e === 'added' && e.id === newLamp), 'the lamp added event', 10_000, 50);
    expect(ws.events.slice(before).some((e) => e.r === 'lights' && e.e === 'deleted' && e.id === oldLamp)).toBe(true);
    expect(ws.events.slice(before).some((e) => e.r === 'config' && (e.config as Record<string, unknown>).databasereset === true)).toBe(true);
  }, 60_000);

  it('should answer a command to a device the new network left behind, on MQTT and REST', async () => {
    const lamp = (await lampId())!;
    const res = await rest().post('/config/reset', { resetGW: true });
    expect(res.status).toBe(200);
    await waitFor(() => stack.mirroredDevices().length === 0, 'the devices gone from the mirror', 10_000, 100);
    const probe: MqttProbe = await connectMqtt(stack.mqttUrl, [topics.deviceSetResult('herdgate', herdsmanIeee(LAMP.ieee), 11)]);
    try {
      await probe.publish(topics.deviceSet('herdgate', herdsmanIeee(LAMP.ieee), 11), { on: false, transaction: 'gone-1' });
      const answer = await waitFor(() => probe.messages[0], 'the set result', 10_000, 50);
      expect(JSON.parse(answer.payload)).toMatchObject({ transaction: 'gone-1', status: 'error', error: { code: 'not_found' } });
    } finally {
      await probe.close();
    }
    const refused = await rest().put(`/lights/${lamp}/state`, { on: false });
    expect(refused.status).toBe(200);
    expect(refused.body[0].error).toMatchObject({ type: 202, address: `/lights/${lamp}/state` });
    expect(refused.body[0].error.description).toContain('pair it again');
  }, 60_000);

  it('should form a new network and delete the database with resetGW and deleteDB together', async () => {
    const panid = (await config()).panid as number;
    const res = await rest().post('/config/reset', { resetGW: true, deleteDB: true });
    expect(res).toEqual({ status: 200, body: [{ success: { '/config/reset': 'success' } }] });
    await waitFor(async () => (await config()).panid !== panid, 'the new PAN id in /config', 10_000, 200);
    const after = await userData();
    expect(after.lights).toEqual([]);
    expect(after.sensors).toEqual(['Daylight:Daylight']);
    expect(after.groups).not.toContain('After reset');
    expect(
      (await rest().post('/sensors', { name: 'Flag', type: 'CLIPGenericFlag', modelid: 'm', manufacturername: 'x', swversion: '1', uniqueid: 'clip-flag-2' }))
        .status,
    ).toBe(200);
  }, 60_000);
});
