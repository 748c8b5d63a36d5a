/**
 * The documented example payloads (docs/mqtt.md shows the same ones). Tests check that each is
 * accepted by its schema, so the docs cannot drift from the contract.
 */
import type { MqttContract } from './contract';
import type { RequestPayloads } from './schemas/requests';
import type { ResponsePayloads } from './schemas/responses';

export const EXAMPLE_BRIDGE = '00212EFFFF012345';
export const EXAMPLE_IEEE = '0x0017880102a3b4c5';
export const EXAMPLE_REMOTE = '0x000b57fffe1a2b3c';
export const EXAMPLE_KEYPAD = '0x000d6f000a1b2c3d';

export const examples = {
  bridgeState: { state: 'online' },
  bridgeInfo: {
    bridge: EXAMPLE_BRIDGE,
    coordinator: { ieee: '0x00212effff012345', type: 'deconz', firmware: '0x26720700', devicename: 'ConBee II' },
    network: { channel: 15, panid: 6754, extpanid: '0xdddddddddddddddd' },
    permit_join: { open: true, remaining: 57 },
    rfconnected: true,
    queue_depth: 0,
    versions: { herdgate: '0.1.0', herdsman: '11.1.1', converters: '26.112.0' },
  },
  bridgeEvent: { type: 'interview_succeeded', ieee: EXAMPLE_IEEE, data: { modelid: 'LCT015' } },
  networkMap: {
    scannedat: '2026-10-01T08:12:33.120Z',
    duration_ms: 840,
    nodes: [
      { ieee: '0x00212effff012345', nwk: 0, type: 'Coordinator' as const, reachable: true },
      { ieee: EXAMPLE_IEEE, nwk: 0x1a2b, type: 'Router' as const, reachable: true },
      { ieee: EXAMPLE_REMOTE, nwk: 0x3c4d, type: 'EndDevice' as const, reachable: null },
    ],
    links: [
      { source: EXAMPLE_IEEE, target: '0x00212effff012345', lqi: 198, depth: 1, relationship: 'child' as const },
      { source: '0x00212effff012345', target: EXAMPLE_IEEE, lqi: 198, depth: 0, relationship: 'parent' as const },
      { source: EXAMPLE_REMOTE, target: EXAMPLE_IEEE, lqi: 171, depth: 2, relationship: 'child' as const },
    ],
  },
  networkMapProgress: { done: 1, total: 2, ieee: EXAMPLE_IEEE, reachable: true, neighbours: 2 },
  removedDevices: { devices: [{ ieee: EXAMPLE_REMOTE, at: 1_790_000_000_000, reason: 'removed' as const }] },
  deviceOta: {
    state: 'updating' as const,
    installed: 16909060,
    available: 16909316,
    progress: 42.5,
    remaining: 95,
    size: 262_144,
    sent: 111_411,
    sleepy: false,
  },
  bridgeLog: { time: '2026-10-01T08:12:33.000Z', level: 'warn' as const, msg: 'interview failed', module: 'bridge', ieee: EXAMPLE_IEEE },
  device: {
    ieee: EXAMPLE_IEEE,
    uniqueid: '00:17:88:01:02:a3:b4:c5',
    name: 'Hue color lamp 1',
    manufacturername: 'Signify Netherlands B.V.',
    modelid: 'LCT015',
    productid: '9290012573A',
    swversion: '1.88.1',
    powersource: 'mains',
    lastannounced: '2026-10-01T08:00:00Z',
    lastseen: '2026-10-01T08:12Z',
    interview: 'successful',
    supported: true,
    availability: 'online',
    subdevices: [
      {
        type: 'Extended color light',
        resource: 'lights',
        uniqueid: '00:17:88:01:02:a3:b4:c5-0b',
        endpoint: 11,
        state: ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'alert', 'effect', 'reachable'],
        config: [],
      },
    ],
  },
  deviceState: {
    state: { on: true, bri: 200, ct: 300, xy: [0.3, 0.6], colormode: 'xy', reachable: true, lastupdated: '2026-10-01T08:12:03.120' },
    config: {},
  },
  sensorState: {
    state: { temperature: 2150, lastupdated: '2026-10-01T08:12:03.120' },
    config: { battery: 87, reachable: true, on: true },
  },
  deviceEvent: { state: { buttonevent: 1002, lastupdated: '2026-10-01T08:12:03.120' } },
  deviceSet: { on: true, bri: 128, transitiontime: 10, transaction: 'dim-1' },
  coverSet: { lift: 40 },
  thermostatSet: { heatsetpoint: 2100, mode: 'heat' },
  groupSet: { on: true, ct: 370, transaction: 42 },
  setResult: { transaction: 'dim-1', status: 'ok', data: { acknowledged: true, sent: ['on', 'bri'], state: { on: true, bri: 128 } } },
  setError: {
    transaction: 'dim-1',
    status: 'error',
    error: { code: 'no_ack', message: 'set /devices/0x0017880102a3b4c5/11: no ACK after 3 tries' },
  },
  keypadEvent: { state: { action: 'armed_away', code_sealed: 'p3Xv…base64…Q==', seq: 17, lastupdated: '2026-10-01T08:12:03.120' } },
  alarmState: { armstate: 'exit_delay', armmode: 'armed_away', seconds_remaining: 30, until: '2026-10-01T08:12:33Z' },
} satisfies {
  bridgeState: MqttContract['bridge/state'];
  bridgeInfo: MqttContract['bridge/info'];
  bridgeEvent: MqttContract['bridge/event'];
  device: MqttContract['device'];
  deviceState: MqttContract['device/state'];
  sensorState: MqttContract['device/state'];
  deviceEvent: MqttContract['device/event'];
  deviceSet: MqttContract['device/set'];
  coverSet: MqttContract['device/set'];
  thermostatSet: MqttContract['device/set'];
  groupSet: MqttContract['group/set'];
  setResult: MqttContract['device/set/result'];
  setError: MqttContract['device/set/result'];
  keypadEvent: MqttContract['device/event'];
  alarmState: MqttContract['bridge/alarm'];
  networkMap: MqttContract['bridge/networkmap'];
  networkMapProgress: MqttContract['bridge/networkmap/progress'];
  removedDevices: MqttContract['bridge/removed'];
  deviceOta: MqttContract['device/ota'];
  bridgeLog: MqttContract['bridge/log'];
};

export const requestExamples = {
  permit_join: { time: 60, transaction: 'pj-1' },
  'device/remove': { ieee: EXAMPLE_IEEE, leave: true, force: false },
  'device/rename': { ieee: EXAMPLE_IEEE, name: 'Kitchen lamp' },
  'device/read': { ieee: EXAMPLE_IEEE, endpoint: 11, cluster: 'genOnOff', attributes: ['onOff'] },
  'device/refresh': { ieee: EXAMPLE_IEEE },
  'device/reload': { ieee: EXAMPLE_IEEE },
  'device/install_code': { ieee: EXAMPLE_IEEE, code: '83fed3407a939723a5c639b26916d505c3b5' },
  'device/bind': { ieee: EXAMPLE_REMOTE, endpoint: 1, group: 5 },
  'device/unbind': { ieee: EXAMPLE_REMOTE, group: 5, clusters: ['genOnOff'] },
  'group/add_member': { group: 5, ieee: EXAMPLE_IEEE, endpoint: 11 },
  'group/remove_member': { group: 5, ieee: EXAMPLE_IEEE, endpoint: 11 },
  'scene/store': { group: 5, scene: 1, transitiontime: 10 },
  'scene/recall': { group: 5, scene: 1 },
  'scene/remove': { group: 5, scene: 1 },
  'scene/add': { group: 5, scene: 1, ieee: EXAMPLE_IEEE, endpoint: 11, transitiontime: 4, state: { on: true, bri: 200, ct: 370 } },
  'network/info': {},
  backup: {},
  'backup/data': {},
  'backup/restore': { id: 'b'.repeat(64), files: { 'network.json': { sha256: 'a'.repeat(64), gzip: 'H4sIAAAAAAAAA6uuBQBDv6ajAgAAAA==' } }, check: true },
  devices: { offset: 0, limit: 50 },
  'touchlink/scan': {},
  'touchlink/identify': { ieee: EXAMPLE_IEEE, channel: 11 },
  'touchlink/reset': { ieee: EXAMPLE_IEEE, channel: 11 },
  'alarm/keypad_key': { public_key: { kty: 'RSA', n: `${'x'.repeat(340)}w`, e: 'AQAB' } },
  'alarm/state': {
    alarmsystem: '1',
    state: { armstate: 'exit_delay', armmode: 'armed_away', seconds_remaining: 30, until: '2026-10-01T08:12:33Z' },
    keypads: [{ ieee: EXAMPLE_KEYPAD, endpoint: 1 }],
  },
  'alarm/arm_response': { ieee: EXAMPLE_KEYPAD, endpoint: 1, result: 'armed_away', seq: 17 },
  options: { group_delay_ms: 50, ota: false, light_lastseen_s: 60 },
  'network/connect': { connected: false },
  'network/channel': { channel: 20 },
  'network/reset': {},
  'firmware/update': {},
  'network/map': { node_timeout_ms: 5000 },
  'device/ota': { ieee: EXAMPLE_IEEE, action: 'update' },
} satisfies { [K in keyof RequestPayloads]: Partial<RequestPayloads[K]> };

export const responseExamples = {
  permit_join: { time: 60, open: true },
  'device/remove': { ieee: EXAMPLE_IEEE, left: true },
  'device/rename': { ieee: EXAMPLE_IEEE, name: 'Kitchen lamp' },
  'device/read': { ieee: EXAMPLE_IEEE, endpoint: 11, cluster: 'genOnOff', values: { onOff: 1 } },
  'device/refresh': { ieee: EXAMPLE_IEEE, endpoints: [11] },
  'device/install_code': { ieee: EXAMPLE_IEEE },
  'device/reload': { ieee: EXAMPLE_IEEE, configured: true, endpoints: [11] },
  'device/bind': { ieee: EXAMPLE_REMOTE, endpoint: 1, group: 5, clusters: ['genOnOff', 'genLevelCtrl', 'genScenes'] },
  'device/unbind': { ieee: EXAMPLE_REMOTE, endpoint: 1, group: 5, clusters: ['genOnOff'] },
  'group/add_member': { group: 5, ieee: EXAMPLE_IEEE, endpoint: 11 },
  'group/remove_member': { group: 5, ieee: EXAMPLE_IEEE, endpoint: 11 },
  'scene/store': { group: 5, scene: 1 },
  'scene/recall': { group: 5, scene: 1 },
  'scene/remove': { group: 5 },
  'scene/add': { group: 5, scene: 1, ieee: EXAMPLE_IEEE, endpoint: 11 },
  'network/info': { bridge: EXAMPLE_BRIDGE, channel: 15, panid: 6754, extpanid: '0xdddddddddddddddd' },
  backup: { backup: { metadata: { format: 'zigpy/open-coordinator-backup', version: 1 } } },
  'backup/data': { files: { 'network.json': { sha256: 'a'.repeat(64), gzip: 'H4sIAAAAAAAAA6uuBQBDv6ajAgAAAA==' } } },
  'backup/restore': {
    id: 'b'.repeat(64),
    stick: 'other',
    coordinator: EXAMPLE_IEEE,
    backup: { ieee: EXAMPLE_IEEE, panid: '1a62', channel: 15 },
    replaces: { panid: 4242, extpanid: '0xdddddddddddddddd', devices: 0 },
    files: ['network.json'],
    restored: false,
  },
  devices: { devices: [examples.device], total: 1, next: null },
  'touchlink/scan': { results: [{ ieee: EXAMPLE_IEEE, channel: 11, factorynew: true, address: 0xffff, panid: 0xffff, rssi: -30 }] },
  'touchlink/identify': { ieee: EXAMPLE_IEEE, channel: 11 },
  'touchlink/reset': { ieee: EXAMPLE_IEEE, channel: 11 },
  'alarm/keypad_key': { accepted: true },
  'alarm/state': { alarmsystem: '1', keypads: [{ ieee: EXAMPLE_KEYPAD, endpoint: 1, ok: true }] },
  'alarm/arm_response': { ieee: EXAMPLE_KEYPAD, endpoint: 1, result: 'armed_away' },
  options: { group_delay_ms: 50, ota: false, light_lastseen_s: 60 },
  'network/connect': { connected: false },
  'network/channel': { channel: 20 },
  'network/reset': { channel: 15, panid: 4242, extpanid: '0x1a2b3c4d5e6f7081' },
  'firmware/update': { firmware: '0x26790700', updated: true },
  'network/map': examples.networkMap,
  'device/ota': { ieee: EXAMPLE_IEEE, action: 'update', ota: examples.deviceOta },
} satisfies ResponsePayloads;
