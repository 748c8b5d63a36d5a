import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, topics, type DeviceDescription } from '@herdgate/shared/mqtt';
import { createBridgeLink, createMemoryTransport, type MemoryTransport } from '../../src/bridge-link';
import { colorLamp } from '../helpers/devices';
import { jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { connectEvents, type EventClient } from './helpers';
import { waitFor } from '../../../test/helpers/wait';

/**
 * A deCONZ takeover keeps deCONZ's uniqueids, and deCONZ names some sub-devices otherwise than
 * the bridge does: an IKEA remote's switch is `…-01-1000` there, `…-01-0006` here. The sub-device
 * takes the imported row over (same id, name and uniqueid) instead of a second sensor appearing,
 * so Home Assistant keeps its entity; the mapping is derived again after a restart.
 */
const REMOTE_IEEE = '0x000b57fffe1a2b3c';
const REMOTE_MAC = '00:0b:57:ff:fe:1a:2b:3c';
const KNOB_IEEE = '0x000b57fffe4d5e6f';
const KNOB_MAC = '00:0b:57:ff:fe:4d:5e:6f';
const LAMP = colorLamp('0x0017880102d4e5f6', 'Hue lamp');
const BRIDGE = { base: 'herdgate', bridge: EXAMPLE_BRIDGE };

function ikeaSwitch(ieee: string, mac: string, modelid: string, productid: string, name: string): DeviceDescription {
  return {
    ...colorLamp(ieee, name),
    manufacturername: 'IKEA of Sweden',
    modelid,
    productid,
    powersource: 'battery',
    subdevices: [
      {
        type: 'ZHASwitch',
        resource: 'sensors',
        uniqueid: `${mac}-01-0006`,
        endpoint: 1,
        state: ['buttonevent'],
        config: ['battery', 'on', 'reachable'],
      },
    ],
  };
}
const REMOTE = ikeaSwitch(REMOTE_IEEE, REMOTE_MAC, 'TRADFRI remote control', 'E1524/E1810', 'TRADFRI remote control');
const KNOB = ikeaSwitch(KNOB_IEEE, KNOB_MAC, 'SYMFONISK Sound Controller', 'E1744', 'SYMFONISK Sound Controller');

/** Rows as the deCONZ import writes them (deCONZ's ids, names and uniqueids). */
async function importRows(databaseUrl: string): Promise<void> {
  const db = createClient({ url: databaseUrl });
  const sensor = (id: number, mac: string, ieee: string, name: string, modelid: string) =>
    db.execute({
      sql: `INSERT INTO sensors (id, uniqueid, kind, type, name, modelid, manufacturername, swversion, ieee, endpoint, mode, state, config, deleted)
            VALUES (?, ?, 'device', 'ZHASwitch', ?, ?, 'IKEA of Sweden', '2.3.075', ?, 1, 1, '{}', '{}', 0)`,
      args: [id, `${mac}-01-1000`, name, modelid, ieee],
    });
  await sensor(7, REMOTE_MAC, REMOTE_IEEE, 'Living room remote', 'TRADFRI remote control');
  await sensor(8, KNOB_MAC, KNOB_IEEE, 'Kitchen knob', 'SYMFONISK Sound Controller');
  // deCONZ put this lamp's light on endpoint 1; the bridge describes it on endpoint 11.
  await db.execute({
    sql: "INSERT INTO lights (id, uniqueid, ieee, endpoint, name, deleted) VALUES (4, ?, ?, 1, 'Reading lamp', 0)",
    args: [`${LAMP.uniqueid}-01`, LAMP.ieee],
  });
  await db.execute("INSERT INTO id_sequences (name, last_id) VALUES ('sensors', 8) ON CONFLICT(name) DO UPDATE SET last_id = max(last_id, 8)");
  db.close();
}

describe('device sync of sensors and lights taken over from deCONZ', () => {
  let dir: string;
  let gw: TestGateway;
  let transport: MemoryTransport;
  let key: string;
  let events: EventClient;
  const api = (path: string, init?: RequestInit) => gw.request(`/api/${key}${path}`, init);
  const json = async <T = Record<string, any>>(path: string) => (await (await api(path)).json()) as T;
  const start = async () => {
    gw = await startTestGateway({}, dir, {
      bridge: () => {
        transport = createMemoryTransport();
        return createBridgeLink({ transport, base: 'herdgate', logger: pino({ level: 'silent' }), timeoutMs: 500 });
      },
    });
    events = await connectEvents(gw.gateway.websocketPort);
    // What the broker hands a fresh link: the bridge online, the retained descriptions and endpoint states.
    transport.deliver(topics.bridgeState(BRIDGE), { state: 'online' });
    for (const device of [REMOTE, KNOB, LAMP]) {
      const endpoint = device.subdevices[0]!.endpoint;
      transport.deliver(topics.deviceState('herdgate', device.ieee, endpoint), { state: { lastupdated: 'none' }, config: { battery: 80 } });
      transport.deliver(topics.device('herdgate', device.ieee), device);
    }
    await gw.gateway.services.sensors.idle();
  };
  const press = async (ieee: string, sensor: string, buttonevent: number, lastupdated: string) => {
    transport.deliver(topics.deviceEvent('herdgate', ieee, 1), { state: { buttonevent, lastupdated } });
    return events.next((e) => e.r === 'sensors' && e.id === sensor && (e.state as { lastupdated?: string } | undefined)?.lastupdated === lastupdated);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-takeover-'));
    gw = await startTestGateway({}, dir);
    key = await gw.createKey();
    await gw.close();
    await importRows(`file:${join(dir, 'herdgate.db')}`);
    await start();
  });
  afterAll(async () => {
    events?.close();
    await gw?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const expectTakenOver = async () => {
    const sensors = await json<Record<string, { uniqueid: string; name: string; type: string; config: Record<string, unknown> }>>('/sensors');
    const switches = Object.entries(sensors).filter(([, s]) => s.type === 'ZHASwitch');
    expect(switches.map(([id, s]) => [id, s.uniqueid, s.name])).toEqual([
      ['7', `${REMOTE_MAC}-01-1000`, 'Living room remote'],
      ['8', `${KNOB_MAC}-01-1000`, 'Kitchen knob'],
    ]);
    // The sub-device's config reached the old row.
    expect(sensors['7']!.config).toMatchObject({ battery: 80, reachable: true });
    const lights = await json<Record<string, { uniqueid: string; name: string }>>('/lights');
    expect(Object.entries(lights).map(([id, l]) => [id, l.uniqueid, l.name])).toEqual([['4', `${LAMP.uniqueid}-01`, 'Reading lamp']]);
  };

  it('should keep the imported id, name and uniqueid, with no second sensor or light and no added event', async () => {
    await expectTakenOver();
    // A press is a barrier: an added event for a new resource would have come before it.
    const event = await press(REMOTE_IEEE, '7', 1002, '2026-01-15T12:00:01.000');
    expect(event).toMatchObject({ e: 'changed', uniqueid: `${REMOTE_MAC}-01-1000`, state: { buttonevent: 1002 } });
    expect(events.events.filter((e) => e.e === 'added')).toEqual([]);
    expect((await json('/sensors/7')).state).toMatchObject({ buttonevent: 1002, lastupdated: '2026-01-15T12:00:01.000' });
  });

  it('should give the taken-over switch its model: its modes and their numbering', async () => {
    const res = await api('/sensors/8', jsonInit('PUT', { mode: 4 }));
    expect(await res.json()).toEqual([{ success: { '/sensors/8/mode': 4 } }]);
    // In dimmer mode the knob's turn (2001) is numbered 2002.
    expect(await press(KNOB_IEEE, '8', 2001, '2026-01-15T12:00:02.000')).toMatchObject({ state: { buttonevent: 2002 } });
  });

  it('should give the Matter bridge the kept names under the uniqueids the bridge gives too', async () => {
    const status = { pairingcode: '34970112332', qrcode: 'MT:Y.K9042C00KA0648G00', port: 5540, commissioned: false, window: false, fabrics: [] };
    transport.deliver(topics.matterState('herdgate'), status);
    await waitFor(
      () => transport.published.some((p) => p.topic === topics.matterNames('herdgate')),
      "transport.published.some((p) => p.topic === topics.matterNames('herdgate'))",
    );
    const names = transport.published.find((p) => p.topic === topics.matterNames('herdgate'))!.body.names as Record<string, unknown>;
    expect(names).toMatchObject({ [`${REMOTE_MAC}-01-0006`]: 'Living room remote', [`${REMOTE_MAC}-01-1000`]: 'Living room remote' });
    expect(names).toMatchObject({ [`${LAMP.uniqueid}-0b`]: 'Reading lamp', [`${LAMP.uniqueid}-01`]: 'Reading lamp' });
  });

  it('should take the same rows over again after a restart', async () => {
    events.close();
    await gw.close();
    await start();
    await expectTakenOver();
    expect((await json('/sensors/8')).mode).toBe(4);
    const event = await press(REMOTE_IEEE, '7', 2002, '2026-01-15T12:05:01.000');
    expect(event).toMatchObject({ e: 'changed', state: { buttonevent: 2002 } });
    expect(events.events.filter((e) => e.e === 'added')).toEqual([]);
  });

  it('should keep a deleted taken-over sensor deleted, with no new one, until its device joins again', async () => {
    expect((await api('/sensors/8', { method: 'DELETE' })).status).toBe(200);
    transport.deliver(topics.device('herdgate', KNOB_IEEE), { ...KNOB, swversion: '2.4.0' });
    await gw.gateway.services.sensors.idle();
    const knob = (list: Record<string, { uniqueid: string }>) => Object.entries(list).filter(([, s]) => s.uniqueid.startsWith(KNOB_MAC));
    expect(knob(await json('/sensors'))).toEqual([]);
    transport.deliver(topics.bridgeEvent(BRIDGE), { type: 'join', ieee: KNOB_IEEE });
    transport.deliver(topics.device('herdgate', KNOB_IEEE), KNOB);
    await gw.gateway.services.sensors.idle();
    expect(knob(await json('/sensors')).map(([id, s]) => [id, s.uniqueid])).toEqual([['8', `${KNOB_MAC}-01-1000`]]);
  });
});
