/**
 * Four deCONZ homes, one capability each (lights, groups and scenes; sensors, rules and schedules;
 * an alarm system with a keypad; a thermostat), each on a stick and network of its own, plus a
 * 2.0x home (nodes and sensors only). The devices are catalogue models of the virtual radio, with
 * the descriptors those models really have, so a takeover can be run on the real stack.
 */
import { scryptSync } from 'node:crypto';
import type { InValue } from '@libsql/client';
import type { FixtureDevice, Home, HomeNetwork } from './fixtures';

export const mac = (ieee: string) => ieee.match(/../g)!.join(':');

/** deCONZ's alarm code format: scrypt N=1024 r=8 p=16, the salt a base64url string used as ASCII, 64 bytes of hash. */
export function deconzPinHash(pin: string, salt = 'aGVyZGdhdGUtdGVzdA'): string {
  const hash = scryptSync(pin, salt, 64, { N: 1024, r: 8, p: 16 }).toString('base64url');
  return `$scrypt$N=1024$r=8$p=16$${salt}$${hash}`;
}

const HA_ENDPOINT = { profile: 0x0104 };
const device = (ieee: string, nwk: number, router: boolean, manufId: number, endpoints: FixtureDevice['endpoints']): FixtureDevice => ({
  mac: ieee,
  nwk,
  logicalType: router ? 1 : 2,
  manufId,
  endpoints,
});
const hue = (ieee: string, nwk: number) =>
  device(ieee, nwk, true, 0x100b, [{ ep: 11, ...HA_ENDPOINT, device: 0x010d, in: [0, 3, 4, 5, 6, 8, 0x0300, 0x1000, 0xfc01], out: [0x0019] }]);
const tradfriBulb = (ieee: string, nwk: number) =>
  device(ieee, nwk, true, 0x117c, [{ ep: 1, ...HA_ENDPOINT, device: 0x0101, in: [0, 3, 4, 5, 6, 8, 0x1000, 0xfc7c], out: [5, 0x0019, 0x0020, 0x1000] }]);
const outlet = (ieee: string, nwk: number) =>
  device(ieee, nwk, true, 0x117c, [{ ep: 1, ...HA_ENDPOINT, device: 0x010a, in: [0, 3, 4, 5, 6, 8, 0x1000, 0xfc7c], out: [5, 0x0019, 0x0020, 0x1000] }]);
const door = (ieee: string, nwk: number) => device(ieee, nwk, false, 0, [{ ep: 1, ...HA_ENDPOINT, device: 0x0402, in: [0, 3, 0x0500, 1], out: [3] }]);

const LIGHT_ROW = { state: 'normal', ritems: '{}' };
const SENSOR_ROW = { swversion: '', deletedState: 'normal', mode: '', config: '{"on":true}', state: '{}' };
const GROUP_ROW = { state: 'normal', mids: '', devicemembership: '', lightsequence: '', hidden: 'false', class: '', uniqueid: '' };
const RULE_ROW = { created: '2024-05-01T18:00:00', etag: 'x', lasttriggered: 'none', status: 'enabled', timestriggered: '0', periodic: '0' };

function daylight(network: HomeNetwork): Record<string, InValue> {
  return {
    ...SENSOR_ROW,
    sid: '1',
    name: 'Daylight',
    type: 'Daylight',
    modelid: 'PHDL00',
    manufacturername: 'Philips',
    uniqueid: `${mac(network.mac)}-01`,
    swversion: '1.0',
    state: '{"daylight":true}',
    config: '{"on":true,"configured":true,"lat":"48.1","long":"11.6","sunriseoffset":30,"sunsetoffset":-30}',
  };
}

const empty = { rules: [], schedules: [], scenes: [], groups: [], config: {} };

export const LIGHTS = {
  network: { mac: '00212effff0b0001', panId: 0x1a2b, channel: 15, networkKey: 'a1a2a3a4a5a6a7a8a9aaabacadaeaf10' },
  ceiling: '0017880101000a01',
  table: '000d6ffffe000a02',
  door: '00124b0000000a03',
  key: 'LIGHTSHOME01',
};

/** Two lights in a room and a light group, two scenes, a door contact; a Phoscon key beside Home Assistant's. */
export function lightsHome(): Home {
  const h = LIGHTS;
  return {
    ...empty,
    network: h.network,
    keys: [
      { apikey: h.key, devicetype: 'homeassistant-deconz' },
      { apikey: 'PHOSCONAPP02', devicetype: 'Phoscon#B1920x1080' },
    ],
    devices: [hue(h.ceiling, 0x2a01), tradfriBulb(h.table, 0x2a02), door(h.door, 0x2a03)],
    nodes: [
      {
        ...LIGHT_ROW,
        mac: `${mac(h.ceiling)}-0b`,
        id: '1',
        name: 'Kitchen ceiling',
        groups: '1',
        endpoint: '11',
        modelid: 'LCT015',
        manufacturername: 'Signify Netherlands B.V.',
        swbuildid: '1.50.2',
      },
      {
        ...LIGHT_ROW,
        mac: `${mac(h.table)}-01`,
        id: '2',
        name: 'Kitchen table',
        groups: '1,3',
        endpoint: '1',
        modelid: 'TRADFRI bulb E27 WW 806lm',
        manufacturername: 'IKEA of Sweden',
        swbuildid: '2.3.087',
      },
    ],
    sensors: [
      daylight(h.network),
      {
        ...SENSOR_ROW,
        sid: '2',
        name: 'Kitchen door',
        type: 'ZHAOpenClose',
        modelid: 'DS01',
        manufacturername: 'eWeLink',
        uniqueid: `${mac(h.door)}-01-0500`,
        state: '{"open":false}',
      },
    ],
    groups: [
      { ...GROUP_ROW, gid: '0x0001', name: 'Kitchen', type: 'Room', class: 'Kitchen' },
      { ...GROUP_ROW, gid: '0x0003', name: 'Table', type: 'LightGroup' },
    ],
    scenes: [
      {
        gsid: '0x000101',
        gid: '0x0001',
        sid: '0x01',
        name: 'Dinner',
        transitiontime: '0',
        lights: JSON.stringify([
          { lid: '1', on: true, bri: 90, tt: 0, cm: 'xy', x: 30000, y: 28000 },
          { lid: '2', on: true, bri: 60, tt: 0, cm: 'none' },
        ]),
      },
      {
        gsid: '0x000102',
        gid: '0x0001',
        sid: '0x02',
        name: 'Bright',
        transitiontime: '0',
        lights: JSON.stringify([
          { lid: '1', on: true, bri: 200, tt: 0, cm: 'xy', x: 20000, y: 21000 },
          { lid: '2', on: true, bri: 170, tt: 0, cm: 'none' },
        ]),
      },
    ],
    rules: [
      {
        ...RULE_ROW,
        rid: '1',
        name: 'Door opens: dinner',
        owner: h.key,
        conditions: JSON.stringify([{ address: '/sensors/2/state/open', operator: 'eq', value: 'true' }]),
        actions: JSON.stringify([{ address: '/groups/1/scenes/1/recall', method: 'PUT', body: {} }]),
      },
    ],
  };
}

export const SENSORS = {
  network: { mac: '00212effff0b0002', panId: 0x2b3c, channel: 25, networkKey: 'b1b2b3b4b5b6b7b8b9babbbcbdbebf20' },
  motion: '0017880102000b01',
  weather: '00158d0000000b02',
  lamp: '000d6ffffe000b03',
  remote: '000b57fffe000b04',
  key: 'SENSORSHOME1',
};

/**
 * A motion sensor and a weather sensor, an IKEA remote (deCONZ's uniqueid for its switch, `-1000`,
 * is not the one herdgate gives), a CLIP flag, a lamp; a rule, a schedule, a resourcelink.
 */
export function sensorsHome(): Home {
  const h = SENSORS;
  const hueMotion = (sid: string, name: string, type: string, cluster: string, state: string) => ({
    ...SENSOR_ROW,
    sid,
    name,
    type,
    modelid: 'SML001',
    manufacturername: 'Signify Netherlands B.V.',
    swversion: '6.1.1',
    uniqueid: `${mac(h.motion)}-02-${cluster}`,
    state,
  });
  const aqara = (sid: string, name: string, type: string, cluster: string) => ({
    ...SENSOR_ROW,
    sid,
    name,
    type,
    modelid: 'lumi.weather',
    manufacturername: 'LUMI',
    uniqueid: `${mac(h.weather)}-01-${cluster}`,
  });
  return {
    ...empty,
    network: h.network,
    keys: [{ apikey: h.key, devicetype: 'homeassistant-deconz' }],
    devices: [
      device(h.motion, 0x3b01, false, 0x100b, [
        { ep: 1, profile: 0xc05e, device: 0x0850, in: [0], out: [0, 3, 4, 6, 8, 0x0300] },
        { ep: 2, ...HA_ENDPOINT, device: 0x0107, in: [0, 1, 3, 0x0406, 0x0400, 0x0402], out: [0x0019] },
      ]),
      device(h.weather, 0x3b02, false, 0x115f, [{ ep: 1, ...HA_ENDPOINT, device: 0x5f01, in: [0, 3, 0x0402, 0x0403, 0x0405], out: [0, 4] }]),
      outlet(h.lamp, 0x3b03),
      device(h.remote, 0x3b04, false, 0x117c, [
        { ep: 1, ...HA_ENDPOINT, device: 0x0820, in: [0, 1, 3, 9, 0x0b05, 0x1000], out: [3, 4, 5, 6, 8, 0x0019, 0x1000] },
      ]),
    ],
    nodes: [
      {
        ...LIGHT_ROW,
        mac: `${mac(h.lamp)}-01`,
        id: '4',
        name: 'Hall lamp',
        groups: '',
        endpoint: '1',
        modelid: 'TRADFRI control outlet',
        manufacturername: 'IKEA of Sweden',
        swbuildid: '2.0.024',
      },
    ],
    sensors: [
      daylight(h.network),
      hueMotion('2', 'Hall motion', 'ZHAPresence', '0406', '{"presence":false}'),
      hueMotion('3', 'Hall light level', 'ZHALightLevel', '0400', '{}'),
      hueMotion('5', 'Hall temperature', 'ZHATemperature', '0402', '{}'),
      aqara('6', 'Balcony temperature', 'ZHATemperature', '0402'),
      aqara('7', 'Balcony humidity', 'ZHAHumidity', '0405'),
      aqara('8', 'Balcony pressure', 'ZHAPressure', '0403'),
      {
        ...SENSOR_ROW,
        sid: '9',
        name: 'Hall remote',
        type: 'ZHASwitch',
        modelid: 'TRADFRI remote control',
        manufacturername: 'IKEA of Sweden',
        swversion: '2.3.079',
        mode: '1',
        uniqueid: `${mac(h.remote)}-01-1000`,
      },
      {
        ...SENSOR_ROW,
        sid: '10',
        name: 'Holiday',
        type: 'CLIPGenericFlag',
        modelid: 'herdgate-test',
        manufacturername: 'Phoscon',
        uniqueid: 'clip-holiday',
        swversion: '1.0',
        state: '{"flag":false}',
        config: '{"on":true,"reachable":true}',
      },
    ],
    rules: [
      {
        ...RULE_ROW,
        rid: '3',
        name: 'Hall lamp on motion',
        owner: h.key,
        timestriggered: '12',
        conditions: JSON.stringify([
          { address: '/sensors/2/state/presence', operator: 'eq', value: 'true' },
          { address: '/sensors/10/state/flag', operator: 'eq', value: 'false' },
        ]),
        actions: JSON.stringify([{ address: '/lights/4/state', method: 'PUT', body: { on: true } }]),
      },
    ],
    schedules: [
      {
        id: '2',
        json: JSON.stringify({
          name: 'Lamp off at night',
          description: 'every day at 23:30',
          command: { address: `/api/${h.key}/lights/4/state`, method: 'PUT', body: { on: false } },
          localtime: 'W127/T23:30:00',
          status: 'enabled',
          autodelete: false,
          created: '2024-05-02T06:00:00',
        }),
      },
    ],
    resourcelinks: [
      {
        id: '1',
        json: JSON.stringify({
          classid: 10010,
          description: 'hall',
          links: ['/sensors/2', '/rules/3', '/schedules/2'],
          name: 'Hall',
          owner: h.key,
          recycle: false,
          type: 'Link',
        }),
      },
    ],
  };
}

export const ALARM = {
  network: { mac: '00212effff0b0003', panId: 0x3c4d, channel: 11, networkKey: 'c1c2c3c4c5c6c7c8c9cacbcccdcecf30' },
  keypad: '000d6f0000000c01',
  door: '00124b0000000c02',
  porch: '000d6ffffe000c03',
  key: 'ALARMHOME001',
  pin: '1357',
};

/** An alarm system with a CentraLite keypad and a door contact, its PIN as deCONZ hashes it; a porch light, a rule on the door. */
export function alarmHome(): Home {
  const h = ALARM;
  return {
    ...empty,
    network: h.network,
    keys: [{ apikey: h.key, devicetype: 'homeassistant-deconz' }],
    devices: [
      device(h.keypad, 0x4c01, false, 0x104e, [
        { ep: 1, ...HA_ENDPOINT, device: 0x0401, in: [0, 1, 3, 0x0020, 0x0402, 0x0500, 0x0b05], out: [0x0019, 0x0501] },
      ]),
      door(h.door, 0x4c02),
      outlet(h.porch, 0x4c03),
    ],
    nodes: [
      {
        ...LIGHT_ROW,
        mac: `${mac(h.porch)}-01`,
        id: '1',
        name: 'Porch light',
        groups: '',
        endpoint: '1',
        modelid: 'TRADFRI control outlet',
        manufacturername: 'IKEA of Sweden',
        swbuildid: '2.0.024',
      },
    ],
    sensors: [
      daylight(h.network),
      {
        ...SENSOR_ROW,
        sid: '2',
        name: 'Hall keypad',
        type: 'ZHAAncillaryControl',
        modelid: '3400',
        manufacturername: 'CentraLite',
        uniqueid: `${mac(h.keypad)}-01-0501`,
      },
      {
        ...SENSOR_ROW,
        sid: '3',
        name: 'Front door',
        type: 'ZHAOpenClose',
        modelid: 'DS01',
        manufacturername: 'eWeLink',
        uniqueid: `${mac(h.door)}-01-0500`,
        state: '{"open":false}',
      },
      {
        ...SENSOR_ROW,
        sid: '4',
        name: 'Door was opened',
        type: 'CLIPGenericFlag',
        modelid: 'herdgate-test',
        manufacturername: 'Phoscon',
        uniqueid: 'clip-door-opened',
        swversion: '1.0',
        state: '{"flag":false}',
        config: '{"on":true,"reachable":true}',
      },
    ],
    rules: [
      {
        ...RULE_ROW,
        rid: '2',
        name: 'Note the door',
        owner: h.key,
        conditions: JSON.stringify([{ address: '/sensors/3/state/open', operator: 'eq', value: 'true' }]),
        actions: JSON.stringify([{ address: '/sensors/4/state', method: 'PUT', body: { flag: true } }]),
      },
    ],
    alarm: {
      devices: [
        { uniqueid: `${mac(h.keypad)}-01-0501`, flags: 0x08 },
        { uniqueid: `${mac(h.door)}-01-0500`, flags: 0x100 },
      ],
      items: {
        'attr/name': 'House',
        'config/armmode': 'disarmed',
        'state/armstate': 'disarmed',
        'config/armed_away_exit_delay': '0',
        'config/armed_away_entry_delay': '0',
        'config/armed_away_trigger_duration': '5',
      },
      secret: deconzPinHash(h.pin),
    },
  };
}

export const THERMOSTAT = {
  network: { mac: '00212effff0b0004', panId: 0x4d5e, channel: 26, networkKey: 'd1d2d3d4d5d6d7d8d9dadbdcdddedf40' },
  valve: '000b57fffe0d0d01',
  bulb: '0017880101000d02',
  /** A Hue smart plug: a model the virtual radio's catalogue lacks, simulated from its descriptors. */
  plug: '0017880103000d03',
  key: 'THERMOHOME01',
};

/**
 * A Danfoss radiator valve with its setpoint, a bedside light, a rule on the room's temperature,
 * and a plug of a model the virtual radio has no catalogue entry for.
 */
export function thermostatHome(): Home {
  const h = THERMOSTAT;
  return {
    ...empty,
    network: h.network,
    keys: [{ apikey: h.key, devicetype: 'homeassistant-deconz' }],
    devices: [
      device(h.valve, 0x5d01, false, 0x1246, [
        { ep: 1, ...HA_ENDPOINT, device: 0x0301, in: [0, 1, 3, 0x000a, 0x0020, 0x0201, 0x0204, 0x0b05], out: [0, 0x0019] },
      ]),
      hue(h.bulb, 0x5d02),
      device(h.plug, 0x5d03, true, 0x100b, [{ ep: 11, ...HA_ENDPOINT, device: 0x010a, in: [0, 3, 4, 5, 6, 0x1000], out: [0x0019] }]),
    ],
    nodes: [
      {
        ...LIGHT_ROW,
        mac: `${mac(h.bulb)}-0b`,
        id: '2',
        name: 'Bedside',
        groups: '',
        endpoint: '11',
        modelid: 'LCT015',
        manufacturername: 'Signify Netherlands B.V.',
        swbuildid: '1.50.2',
      },
      {
        ...LIGHT_ROW,
        mac: `${mac(h.plug)}-0b`,
        id: '3',
        name: 'Heater plug',
        groups: '',
        endpoint: '11',
        modelid: 'LOM002',
        manufacturername: 'Signify Netherlands B.V.',
        swbuildid: '1.65.9',
      },
    ],
    sensors: [
      daylight(h.network),
      {
        ...SENSOR_ROW,
        sid: '6',
        name: 'Bedroom radiator',
        type: 'ZHAThermostat',
        modelid: 'eTRV0100',
        manufacturername: 'Danfoss',
        uniqueid: `${mac(h.valve)}-01-0201`,
        config: '{"on":true,"heatsetpoint":2100,"mode":"heat"}',
      },
    ],
    rules: [
      {
        ...RULE_ROW,
        rid: '1',
        name: 'Cold bedroom: warm light',
        owner: h.key,
        conditions: JSON.stringify([{ address: '/sensors/6/state/temperature', operator: 'lt', value: '2000' }]),
        actions: JSON.stringify([{ address: '/lights/2/state', method: 'PUT', body: { ct: 400 } }]),
      },
    ],
  };
}

export const LEGACY = {
  network: { mac: '00212effff0b0005', panId: 0x5e6f, channel: 20, networkKey: 'e1e2e3e4e5e6e7e8e9eaebecedeeef50' },
  lamp: '0017880101000e01',
  motion: '0017880102000e02',
  key: 'LEGACYHOME01',
};

/**
 * A deCONZ 2.0x home: the same kind of resources, but the database has no device tables, so no
 * network address or descriptor of any device. `devices` only says what the simulated stick holds.
 */
export function legacyHome(): Home {
  const h = LEGACY;
  return {
    ...empty,
    network: h.network,
    keys: [{ apikey: h.key, devicetype: 'homeassistant-deconz' }],
    devices: [],
    nodes: [
      {
        ...LIGHT_ROW,
        mac: `${mac(h.lamp)}-0b`,
        id: '1',
        name: 'Study lamp',
        groups: '1',
        endpoint: '11',
        modelid: 'LCT015',
        manufacturername: 'Philips',
        swbuildid: '5.105.0.21169',
      },
    ],
    sensors: [
      daylight(h.network),
      {
        ...SENSOR_ROW,
        sid: '2',
        name: 'Study motion',
        type: 'ZHAPresence',
        modelid: 'SML001',
        manufacturername: 'Philips',
        uniqueid: `${mac(h.motion)}-02-0406`,
        state: '{"presence":false}',
      },
    ],
    groups: [{ ...GROUP_ROW, gid: '0x0001', name: 'Study', type: 'Room', class: 'Office' }],
    rules: [
      {
        ...RULE_ROW,
        rid: '1',
        name: 'Study lamp on motion',
        owner: h.key,
        conditions: JSON.stringify([{ address: '/sensors/2/state/presence', operator: 'eq', value: 'true' }]),
        actions: JSON.stringify([{ address: '/lights/1/state', method: 'PUT', body: { on: true } }]),
      },
    ],
  };
}
