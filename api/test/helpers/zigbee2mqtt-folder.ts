/**
 * A small Zigbee2MQTT data folder as Zigbee2MQTT 2.x leaves it, for the import's tests: a Hue bulb
 * and a plug in group 5 "Living room", a contact sensor, the network key behind `!secret`, the
 * coordinator backup, state.json, and an external converter.
 */
import { deflateRawSync, crc32 } from 'node:zlib';

export const COORDINATOR = '00124b0000c0ffee';
export const BULB = '0x0017880104a1c001';
export const PLUG = '0x000b57fffe8a0005';
export const CONTACT = '0x00124b0022a1000a';
export const NETWORK_KEY = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
export const EXT_PAN = [0xaa, 0xbb, 0xcc, 0xdd, 0x00, 0x11, 0x22, 0x33];
export const PAN_ID = 0x2b1c;
export const CHANNEL = 20;

const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex');
const ep = (epId: number, inClusterList: number[], outClusterList: number[] = []) => ({
  profId: 260,
  epId,
  devId: 0x0100,
  inClusterList,
  outClusterList,
  clusters: {},
  binds: [{ cluster: 6, type: 'endpoint', deviceIeeeAddress: `0x${COORDINATOR}`, endpointID: 1 }],
  configuredReportings: [{ cluster: 6, attrId: 0, minRepIntval: 0, maxRepIntval: 3600, repChange: 0, manufacturerCode: null }],
  meta: {},
});

export function databaseLines(): object[] {
  const device = (id: number, type: string, ieeeAddr: string, nwkAddr: number, modelId: string, manufName: string, endpoints: object) => ({
    id,
    type,
    ieeeAddr,
    nwkAddr,
    manufId: 4107,
    manufName,
    powerSource: 'Mains (single phase)',
    modelId,
    epList: Object.keys(endpoints).map(Number),
    endpoints,
    appVersion: 2,
    stackVersion: 1,
    hwVersion: 1,
    dateCode: '20200101',
    swBuildId: '1.0',
    zclVersion: 3,
    interviewCompleted: true,
    interviewState: 'SUCCESSFUL',
    meta: { configured: 1 },
    lastSeen: 1_700_000_000_000,
  });
  return [
    device(1, 'Coordinator', `0x${COORDINATOR}`, 0, '', '', { 1: ep(1, []) }),
    device(2, 'Router', BULB, 0x1a2b, 'LCT015', 'Signify Netherlands B.V.', { 11: ep(11, [0, 3, 4, 5, 6, 8, 0x300]), 242: ep(242, [], [0x21]) }),
    device(3, 'Router', PLUG, 0x3c4d, 'TRADFRI control outlet', 'IKEA of Sweden', { 1: ep(1, [0, 3, 4, 5, 6]) }),
    { ...device(4, 'EndDevice', CONTACT, 0x5e6f, 'DS01', 'eWeLink', { 1: ep(1, [0, 1, 3, 0x500]) }), powerSource: 'Battery' },
    {
      id: 5,
      type: 'Group',
      groupID: 5,
      members: [
        { deviceIeeeAddr: BULB, endpointID: 11 },
        { deviceIeeeAddr: PLUG, endpointID: 1 },
        { deviceIeeeAddr: CONTACT, endpointID: 1 },
      ],
      meta: {},
    },
  ];
}

export function coordinatorBackup() {
  return {
    metadata: {
      format: 'zigpy/open-coordinator-backup',
      version: 1,
      source: 'zigbee-herdsman@10.9.2',
      internal: { date: '2026-11-30T10:00:00.000Z', znpVersion: 2 },
    },
    stack_specific: { zstack: { tclk_seed: '00112233445566778899aabbccddeeff' } },
    coordinator_ieee: COORDINATOR,
    pan_id: PAN_ID.toString(16),
    extended_pan_id: hex(EXT_PAN),
    nwk_update_id: 0,
    security_level: 5,
    channel: CHANNEL,
    channel_mask: [CHANNEL],
    network_key: { key: hex(NETWORK_KEY), sequence_number: 0, frame_counter: 12_345 },
    devices: [],
  };
}

/** File name → content of the folder (a name ending in `/` is a folder). */
export function sampleFolder(): Record<string, string> {
  return {
    'configuration.yaml': [
      'version: 5',
      'mqtt:',
      '  base_topic: zigbee2mqtt',
      '  server: mqtt://localhost:1883',
      'serial:',
      '  port: /dev/ttyUSB0',
      '  adapter: zstack',
      'frontend:',
      '  enabled: true',
      '  port: 8080',
      'advanced:',
      `  pan_id: ${PAN_ID}`,
      `  ext_pan_id: [${EXT_PAN.join(', ')}]`,
      `  channel: ${CHANNEL}`,
      "  network_key: '!secret network_key'",
      '  log_level: info',
      'devices:',
      `  '${BULB}':`,
      '    friendly_name: Living room ceiling',
      '    transition: 2',
      `  '${PLUG}':`,
      '    friendly_name: Coffee machine',
      '    retain: true',
      `  '${CONTACT}':`,
      '    friendly_name: Front door',
      'groups:',
      "  '5':",
      '    friendly_name: Living room',
      "  '7':",
      '    friendly_name: Empty group',
      '',
    ].join('\n'),
    'secret.yaml': `network_key: [${NETWORK_KEY.join(', ')}]\n`,
    'database.db': `${databaseLines()
      .map((l) => JSON.stringify(l))
      .join('\n')}\n`,
    'coordinator_backup.json': JSON.stringify(coordinatorBackup(), null, 2),
    'state.json': JSON.stringify({ [BULB]: { state: 'ON', brightness: 200 }, [CONTACT]: { contact: false, battery: 87 }, 5: { state: 'ON' } }),
    'external_converters/': '',
    'external_converters/my-device.mjs': 'export default {};\n',
  };
}

/** A zip of these files (deflated, as Zigbee2MQTT's backup): how tests build an upload. */
export function writeZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const packed = name.endsWith('/') ? Buffer.alloc(0) : deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(name.endsWith('/') ? 0 : 8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(name.endsWith('/') ? 0 : 8, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
