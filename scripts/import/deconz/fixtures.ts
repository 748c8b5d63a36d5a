/**
 * deCONZ homes for the importer's tests, built as deCONZ would have stored them: a zll.db with the
 * documented tables of schema version 10 (deCONZ 2.2x-2.33) or 0 (2.0x: no device tables), a
 * deCONZ.conf and the deCONZ.tar.gz an export makes of both. Not real exports: they follow the
 * published schema, so a change in deCONZ's format is not caught here.
 */
import { createClient, type InValue } from '@libsql/client';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeTarGz } from '@herdgate/api/deconz';

export interface FixtureDevice {
  mac: string;
  nwk: number;
  /** 1 router, 2 end device. */
  logicalType: 1 | 2;
  manufId: number;
  endpoints: { ep: number; profile: number; device: number; in: number[]; out: number[] }[];
}

export interface Home {
  devices: FixtureDevice[];
  nodes: Record<string, InValue>[];
  sensors: Record<string, InValue>[];
  groups: Record<string, InValue>[];
  scenes: Record<string, InValue>[];
  rules: Record<string, InValue>[];
  schedules: Record<string, InValue>[];
  resourcelinks?: Record<string, InValue>[];
  /** `secret`: the PHC string of code0 (default: one that verifies no PIN). */
  alarm?: { devices: { uniqueid: string; flags: number }[]; items: Record<string, string>; secret?: string };
  config: Record<string, string>;
  /** The stick and its network (default COORDINATOR on PAN 0x4d2e, channel 20, NETWORK_KEY). */
  network?: HomeNetwork;
  /** API keys (default KEY, Home Assistant's). */
  keys?: { apikey: string; devicetype: string }[];
}

export interface HomeNetwork {
  mac: string;
  panId: number;
  channel: number;
  networkKey: string;
}

/** The deCONZ.conf fields that say which network a home's stick holds. */
export function networkConf(home: Pick<Home, 'network'>): Record<string, unknown> {
  const n = home.network;
  if (!n) return {};
  return {
    panId: `0x${n.panId.toString(16)}`,
    extPanId: `0x${n.mac}`,
    macAddress: `0x${n.mac}`,
    tcAddress: `0x${n.mac}`,
    curChannel: String(n.channel),
    networkKey: n.networkKey,
  };
}

export const COORDINATOR = '00212effff0a1b2c';
export const KEY = 'A1B2C3D4E5';
export const NETWORK_KEY = '11223344556677889900aabbccddeeff';
export const FRAME_COUNTER = 123_456;

export function deconzConf(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    deviceType: 0,
    panId: '0x4d2e',
    extPanId: `0x${COORDINATOR}`,
    apsUseExtPanId: '0x0',
    macAddress: `0x${COORDINATOR}`,
    staticNwkAddress: false,
    nwkAddress: '0x0',
    apsAck: false,
    curChannel: '20',
    otauactive: 1,
    securityMode: 3,
    tcAddress: `0x${COORDINATOR}`,
    networkKey: NETWORK_KEY,
    tcLinkKey: '5a6967426565416c6c69616e63653039',
    nwkUpdateId: 2,
    endpoint1: {},
    endpoint2: {},
    deconzVersion: '0x26780700',
    frameCounter: FRAME_COUNTER,
    ...overrides,
  });
}

const TABLES: Record<string, string> = {
  auth: 'apikey TEXT PRIMARY KEY, devicetype TEXT, createdate TEXT, lastusedate TEXT, useragent TEXT',
  config2: 'key TEXT PRIMARY KEY, value TEXT',
  userparameter: 'key TEXT PRIMARY KEY, value TEXT',
  nodes: 'mac TEXT PRIMARY KEY, id TEXT, state TEXT, name TEXT, groups TEXT, endpoint TEXT, modelid TEXT, manufacturername TEXT, swbuildid TEXT, ritems TEXT',
  sensors:
    'sid TEXT PRIMARY KEY, name TEXT, type TEXT, modelid TEXT, manufacturername TEXT, uniqueid TEXT, swversion TEXT, state TEXT, config TEXT, fingerprint TEXT, deletedState TEXT, mode TEXT, lastseen TEXT, lastannounced TEXT',
  groups:
    'gid TEXT PRIMARY KEY, name TEXT, state TEXT, mids TEXT, devicemembership TEXT, lightsequence TEXT, hidden TEXT, type TEXT, class TEXT, uniqueid TEXT',
  scenes: 'gsid TEXT PRIMARY KEY, gid TEXT, sid TEXT, name TEXT, transitiontime TEXT, lights TEXT',
  rules:
    'rid TEXT PRIMARY KEY, name TEXT, created TEXT, etag TEXT, lasttriggered TEXT, owner TEXT, status TEXT, timestriggered TEXT, actions TEXT, conditions TEXT, periodic TEXT',
  schedules: 'id TEXT PRIMARY KEY, json TEXT',
  resourcelinks: 'id TEXT PRIMARY KEY, json TEXT',
  gateways: 'uuid TEXT PRIMARY KEY, name TEXT, ip TEXT, port TEXT, pairing TEXT, apikey TEXT, cgroups TEXT',
  zbconf: 'conf TEXT',
};
const CURRENT_TABLES: Record<string, string> = {
  devices: 'id INTEGER PRIMARY KEY, mac TEXT UNIQUE, nwk INTEGER, timestamp INTEGER',
  device_descriptors:
    'id INTEGER PRIMARY KEY, device_id INTEGER REFERENCES devices(id), flags INTEGER, endpoint INTEGER, type INTEGER, data BLOB, timestamp INTEGER',
  zcl_values: 'id INTEGER PRIMARY KEY, device_id INTEGER REFERENCES devices(id), endpoint INTEGER, cluster INTEGER, attribute INTEGER, data, timestamp INTEGER',
  secrets: 'uniqueid TEXT PRIMARY KEY, secret TEXT, state INTEGER',
  alarm_systems: 'id INTEGER PRIMARY KEY, timestamp INTEGER',
  alarm_systems_ritems: 'suffix TEXT, as_id INTEGER REFERENCES alarm_systems(id), value TEXT, timestamp INTEGER, PRIMARY KEY (suffix, as_id)',
  alarm_systems_devices: 'uniqueid TEXT PRIMARY KEY, as_id INTEGER REFERENCES alarm_systems(id), flags INTEGER, timestamp INTEGER',
};

function simpleDescriptor(e: FixtureDevice['endpoints'][number]): Buffer {
  const out = Buffer.alloc(8 + (e.in.length + e.out.length) * 2);
  out[0] = e.ep;
  out.writeUInt16LE(e.profile, 1);
  out.writeUInt16LE(e.device, 3);
  out[5] = 1;
  let at = 6;
  for (const list of [e.in, e.out]) {
    out[at++] = list.length;
    for (const c of list) {
      out.writeUInt16LE(c, at);
      at += 2;
    }
  }
  return out;
}

function nodeDescriptor(d: FixtureDevice): Buffer {
  const out = Buffer.alloc(13);
  out[0] = d.logicalType;
  out[2] = d.logicalType === 1 ? 0x8e : 0x80;
  out.writeUInt16LE(d.manufId, 3);
  return out;
}

/** Writes `<dir>/zll.db` for `home` in the given schema family. */
export async function writeZllDb(dir: string, home: Home, family: 'current' | '2.0x' = 'current'): Promise<string> {
  const path = join(dir, 'zll.db');
  const client = createClient({ url: `file:${path}` });
  const insert = async (table: string, row: Record<string, InValue>) => {
    const keys = Object.keys(row);
    await client.execute({
      sql: `INSERT INTO "${table}" (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
      args: keys.map((k) => row[k]!),
    });
  };
  try {
    const tables = family === 'current' ? { ...TABLES, ...CURRENT_TABLES } : TABLES;
    for (const [name, columns] of Object.entries(tables)) await client.execute(`CREATE TABLE "${name}" (${columns})`);
    await client.execute(`PRAGMA user_version = ${family === 'current' ? 10 : 0}`);
    for (const key of home.keys ?? [{ apikey: KEY, devicetype: 'homeassistant-deconz' }])
      await insert('auth', { ...key, createdate: '2024-03-01T10:00:00', lastusedate: '2026-11-30T08:15:00', useragent: 'pydeconz' });
    for (const [key, value] of Object.entries({
      name: 'Phoscon-GW',
      timezone: 'Europe/Berlin',
      timeformat: '24h',
      uuid: '{1b6e9f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b}',
      gwusername: 'delight',
      gwpassword: '$1$8282jdkm$abcdefghijklmnopqrstuv',
      ...home.config,
    }))
      await insert('config2', { key, value });
    await insert('zbconf', { conf: deconzConf(networkConf(home)) });
    for (const row of home.nodes) await insert('nodes', row);
    for (const row of home.sensors) await insert('sensors', row);
    for (const row of home.groups) await insert('groups', row);
    for (const row of home.scenes) await insert('scenes', row);
    for (const row of home.rules) await insert('rules', row);
    for (const row of home.schedules) await insert('schedules', row);
    for (const row of home.resourcelinks ?? []) await insert('resourcelinks', row);
    if (family === 'current') {
      let id = 1;
      await insert('devices', { id: id++, mac: (home.network?.mac ?? COORDINATOR).match(/../g)!.join(':'), nwk: 0, timestamp: 0 });
      for (const device of home.devices) {
        const deviceId = id++;
        await insert('devices', { id: deviceId, mac: device.mac.match(/../g)!.join(':'), nwk: device.nwk, timestamp: 1 });
        await insert('device_descriptors', { device_id: deviceId, flags: 0, endpoint: 0, type: 2, data: nodeDescriptor(device), timestamp: 1 });
        for (const e of device.endpoints)
          await insert('device_descriptors', { device_id: deviceId, flags: 0, endpoint: e.ep, type: 4, data: simpleDescriptor(e), timestamp: 1 });
        await insert('zcl_values', {
          device_id: deviceId,
          endpoint: device.endpoints[0]!.ep,
          cluster: 0,
          attribute: 7,
          data: device.logicalType === 1 ? 1 : 3,
          timestamp: 1,
        });
      }
      if (home.alarm) {
        await insert('alarm_systems', { id: 1, timestamp: 1 });
        for (const [suffix, value] of Object.entries(home.alarm.items)) await insert('alarm_systems_ritems', { suffix, as_id: 1, value, timestamp: 1 });
        for (const d of home.alarm.devices) await insert('alarm_systems_devices', { uniqueid: d.uniqueid, as_id: 1, flags: d.flags, timestamp: 1 });
        const secret = home.alarm.secret ?? '$scrypt$N=1024$r=8$p=16$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA';
        await insert('secrets', { uniqueid: 'as_1_code0', secret, state: 1 });
      }
    }
  } finally {
    client.close();
  }
  return path;
}

/** The deCONZ.tar.gz of a home, as POST /config/export leaves it. */
export async function writeExport(dir: string, home: Home, family: 'current' | '2.0x' = 'current', conf = deconzConf(networkConf(home))): Promise<Buffer> {
  const zll = await readFile(await writeZllDb(dir, home, family));
  return writeTarGz({ 'deCONZ.conf': conf, 'zll.db': zll, 'session.default': '' });
}

const mac = (ieee: string) => ieee.match(/../g)!.join(':');
const HUE = '001788010a0b0c0d';
const TRADFRI = '000d6ffffe1a2b3c';
const MOTION = '0017880102030405';
const KEYPAD = '000d6f0011223344';
const TRV = '00158d0001020304';

/** Two lights in a group with a scene; a motion sensor with a rule, a schedule and a resourcelink; a keypad alarm; a thermostat. */
export function sampleHome(): Home {
  return {
    devices: [
      {
        mac: HUE,
        nwk: 0x1a2b,
        logicalType: 1,
        manufId: 0x100b,
        endpoints: [{ ep: 0x0b, profile: 0x0104, device: 0x010d, in: [0, 3, 4, 5, 6, 8, 0x0300, 0x1000], out: [0x0019] }],
      },
      {
        mac: TRADFRI,
        nwk: 0x3c4d,
        logicalType: 1,
        manufId: 0x117c,
        endpoints: [{ ep: 1, profile: 0x0104, device: 0x0100, in: [0, 3, 4, 5, 6, 8, 0x1000], out: [5, 0x0019, 0x0020] }],
      },
      {
        mac: MOTION,
        nwk: 0x5e6f,
        logicalType: 2,
        manufId: 0x100b,
        endpoints: [{ ep: 2, profile: 0x0104, device: 0x0107, in: [0, 1, 3, 0x0400, 0x0402, 0x0406], out: [0x0019] }],
      },
      {
        mac: KEYPAD,
        nwk: 0x7081,
        logicalType: 2,
        manufId: 0x1234,
        endpoints: [{ ep: 1, profile: 0x0104, device: 0x0401, in: [0, 1, 3, 0x0500], out: [0x0501] }],
      },
      { mac: TRV, nwk: 0x9293, logicalType: 2, manufId: 0x1246, endpoints: [{ ep: 1, profile: 0x0104, device: 0x0301, in: [0, 1, 3, 0x0201], out: [0x0019] }] },
    ],
    nodes: [
      {
        mac: `${mac(HUE)}-0b`,
        id: '3',
        state: 'normal',
        name: 'Living room ceiling',
        groups: '1',
        endpoint: '11',
        modelid: 'LCT015',
        manufacturername: 'Signify Netherlands B.V.',
        swbuildid: '1.50.2',
        ritems: '{}',
      },
      {
        mac: `${mac(TRADFRI)}-01`,
        id: '7',
        state: 'normal',
        name: 'Reading lamp',
        groups: '1,2',
        endpoint: '1',
        modelid: 'TRADFRI bulb E27 WW 806lm',
        manufacturername: 'IKEA of Sweden',
        swbuildid: '2.3.087',
        ritems: '{}',
      },
    ],
    sensors: [
      {
        sid: '1',
        name: 'Daylight',
        type: 'Daylight',
        modelid: 'PHDL00',
        manufacturername: 'Philips',
        uniqueid: '00:21:2e:ff:ff:0a:1b:2c-01',
        swversion: '1.0',
        state: '{"daylight":true}',
        config: '{"on":true,"configured":true,"lat":"52.5","long":"13.4","sunriseoffset":30,"sunsetoffset":-30}',
        deletedState: 'normal',
        mode: '',
      },
      {
        sid: '4',
        name: 'Hall motion',
        type: 'ZHAPresence',
        modelid: 'SML001',
        manufacturername: 'Signify Netherlands B.V.',
        uniqueid: `${mac(MOTION)}-02-0406`,
        swversion: '6.1.1',
        state: '{"presence":false}',
        config: '{"on":true,"battery":90,"duration":60}',
        deletedState: 'normal',
        mode: '',
      },
      {
        sid: '5',
        name: 'Hall light level',
        type: 'ZHALightLevel',
        modelid: 'SML001',
        manufacturername: 'Signify Netherlands B.V.',
        uniqueid: `${mac(MOTION)}-02-0400`,
        swversion: '6.1.1',
        state: '{}',
        config: '{"on":true}',
        deletedState: 'normal',
        mode: '',
      },
      {
        sid: '9',
        name: 'Front door keypad',
        type: 'ZHAAncillaryControl',
        modelid: '3400',
        manufacturername: 'CentraLite',
        uniqueid: `${mac(KEYPAD)}-01-0501`,
        swversion: '',
        state: '{}',
        config: '{"on":true}',
        deletedState: 'normal',
        mode: '',
      },
      {
        sid: '12',
        name: 'Bedroom radiator',
        type: 'ZHAThermostat',
        modelid: 'eTRV0100',
        manufacturername: 'Danfoss',
        uniqueid: `${mac(TRV)}-01-0201`,
        swversion: '',
        state: '{}',
        config: '{"on":true,"heatsetpoint":2100}',
        deletedState: 'normal',
        mode: '',
      },
      {
        sid: '14',
        name: 'Away flag',
        type: 'CLIPGenericFlag',
        modelid: 'herdgate-test',
        manufacturername: 'Phoscon',
        uniqueid: 'clip-away',
        swversion: '1.0',
        state: '{"flag":false}',
        config: '{"on":true,"reachable":true}',
        deletedState: 'normal',
        mode: '',
      },
    ],
    groups: [
      {
        gid: '0x0001',
        name: 'Living room',
        state: 'normal',
        mids: '',
        devicemembership: '',
        lightsequence: '',
        hidden: 'false',
        type: 'Room',
        class: 'Living room',
        uniqueid: '',
      },
      {
        gid: '0x0002',
        name: 'Reading',
        state: 'normal',
        mids: '',
        devicemembership: '',
        lightsequence: '',
        hidden: 'false',
        type: 'LightGroup',
        class: '',
        uniqueid: '',
      },
    ],
    scenes: [
      {
        gsid: '0x000101',
        gid: '0x0001',
        sid: '0x01',
        name: 'Evening',
        transitiontime: '20',
        lights: JSON.stringify([
          { lid: '3', on: true, bri: 120, tt: 20, cm: 'xy', x: 30000, y: 28000 },
          { lid: '7', on: false, bri: 0, tt: 20, cm: 'none' },
        ]),
      },
    ],
    rules: [
      {
        rid: '2',
        name: 'Hall light on motion',
        created: '2024-05-01T18:00:00',
        etag: 'x',
        lasttriggered: 'none',
        owner: KEY,
        status: 'enabled',
        timestriggered: '4',
        periodic: '0',
        conditions: JSON.stringify([{ address: '/sensors/4/state/presence', operator: 'eq', value: 'true' }]),
        actions: JSON.stringify([{ address: '/groups/1/action', method: 'PUT', body: { on: true } }]),
      },
    ],
    schedules: [
      {
        id: '3',
        json: JSON.stringify({
          name: 'Morning',
          description: 'lights on at 7',
          command: { address: `/api/${KEY}/groups/1/action`, method: 'PUT', body: { on: true } },
          localtime: 'W124/T07:00:00',
          status: 'enabled',
          autodelete: false,
          created: '2024-05-02T06:00:00',
          starttime: '2024-05-02T06:00:00',
        }),
      },
    ],
    resourcelinks: [
      {
        id: '5',
        json: JSON.stringify({
          classid: 10010,
          description: 'hall automation',
          links: ['/sensors/4', '/rules/2', '/schedules/3'],
          name: 'Hall',
          owner: KEY,
          recycle: false,
          type: 'Link',
        }),
      },
    ],
    alarm: {
      devices: [
        { uniqueid: `${mac(KEYPAD)}-01-0501`, flags: 0x08 },
        { uniqueid: `${mac(MOTION)}-02-0406`, flags: 0x100 | 0x200 },
      ],
      items: {
        'attr/name': 'Home',
        'config/armmode': 'armed_away',
        'state/armstate': 'armed_away',
        'config/armed_away_exit_delay': '30',
        'config/armed_away_entry_delay': '15',
      },
    },
    config: {},
  };
}
