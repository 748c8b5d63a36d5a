/**
 * The Zigbee network deCONZ ran, from `deCONZ.conf` (an export) or the newest `zbconf` row of
 * zll.db (a copied data folder), checked the way deCONZ checks it before an import, and turned into
 * what the bridge hands zigbee-herdsman: `network.json` (PAN, extended PAN, key, channel) and the
 * open coordinator backup herdsman restores a stick from (MAC, update id, frame counter).
 */

/** Added to deCONZ's frame counter: frames sent after the export must not be outnumbered. */
export const FRAME_COUNTER_MARGIN = 10_000;

export interface DeconzNetwork {
  /** Coordinator IEEE, 16 lower-case hex digits. */
  mac: string;
  panId: number;
  /** 16 lower-case hex digits, big-endian as deCONZ shows it. */
  extPanId: string;
  channel: number;
  /** 32 hex digits. */
  networkKey: string;
  /** 32 hex digits; absent in zbconf. */
  tcLinkKey?: string;
  nwkUpdateId: number;
  /** Absent in zbconf and when deCONZ had none (> 0 only). */
  frameCounter?: number;
  source: 'deCONZ.conf' | 'zbconf';
}

type Fields = Record<string, unknown>;

/** deCONZ writes numbers as numbers, decimal strings or `0x` hex strings. */
function num(fields: Fields, key: string): number {
  const value = fields[key];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(parsed)) throw new Error(`${key} is missing or not a number`);
  return parsed;
}

function hexOf(fields: Fields, key: string, digits: number): string {
  const value = fields[key];
  let text: string;
  if (typeof value === 'string') text = value.trim().replace(/^0x/i, '').toLowerCase();
  else if (typeof value === 'number' && Number.isSafeInteger(value)) text = value.toString(16);
  else throw new Error(`${key} is missing`);
  if (!/^[0-9a-f]+$/.test(text) || text.length > digits) throw new Error(`${key} is not a ${digits}-digit hex value`);
  return text.padStart(digits, '0');
}

/** The deCONZ checks of an import: a coordinator at NWK 0 on a real network; throws the first failure. */
export function parseNetwork(fields: Fields, source: DeconzNetwork['source']): DeconzNetwork {
  const nwkAddress = num(fields, 'nwkAddress');
  if (nwkAddress !== 0) throw new Error(`the stick was not the network's coordinator (nwkAddress ${nwkAddress}, a coordinator has 0)`);
  const mac = hexOf(fields, 'macAddress', 16);
  const panId = num(fields, 'panId');
  const channel = num(fields, 'curChannel');
  if (/^0+$/.test(mac)) throw new Error('macAddress is 0');
  if (panId <= 0 || panId >= 0xffff) throw new Error(`panId ${panId} is not a network's PAN id`);
  if (channel < 11 || channel > 26) throw new Error(`curChannel ${channel} is outside 11-26: the network was not up`);
  const securityMode = fields.securityMode === undefined ? 3 : num(fields, 'securityMode');
  if (source === 'zbconf' && securityMode !== 3) throw new Error(`securityMode ${securityMode} is not 3 (network key, no link keys)`);
  const networkKey = hexOf(fields, 'networkKey', 32);
  if (/^0+$/.test(networkKey)) throw new Error('networkKey is all zero');
  // deCONZ keeps apsUseExtPanId at 0 and the extended PAN id then follows the MAC.
  const extPanId = fields.extPanId === undefined || /^(0x)?0*$/i.test(String(fields.extPanId)) ? mac : hexOf(fields, 'extPanId', 16);
  const network: DeconzNetwork = {
    mac,
    panId,
    extPanId,
    channel,
    networkKey,
    nwkUpdateId: fields.nwkUpdateId === undefined ? 0 : num(fields, 'nwkUpdateId'),
    source,
  };
  if (fields.tcLinkKey !== undefined) network.tcLinkKey = hexOf(fields, 'tcLinkKey', 32);
  if (fields.frameCounter !== undefined && num(fields, 'frameCounter') > 0) network.frameCounter = num(fields, 'frameCounter');
  return network;
}

/** `deCONZ.conf`: one JSON object. */
export function parseDeconzConf(text: string): DeconzNetwork {
  let fields: unknown;
  try {
    fields = JSON.parse(text);
  } catch {
    throw new Error('deCONZ.conf is not JSON (damaged or cut short)');
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Error('deCONZ.conf is not a JSON object');
  return parseNetwork(fields as Fields, 'deCONZ.conf');
}

/** What the bridge reads as `network.json`. */
export function networkParams(network: DeconzNetwork) {
  return {
    panID: network.panId,
    extendedPanID: [...Buffer.from(network.extPanId, 'hex')],
    networkKey: [...Buffer.from(network.networkKey, 'hex')],
    channel: network.channel,
  };
}

/** The frame counter a resumed coordinator starts from. */
export const resumedFrameCounter = (network: DeconzNetwork) => (network.frameCounter ?? 0) + FRAME_COUNTER_MARGIN;

/**
 * herdsman's open coordinator backup (`coordinator_backup.json`) of deCONZ's network, as its
 * deconz adapter writes one: a stick with another MAC or an older network gets this one.
 */
export function coordinatorBackup(network: DeconzNetwork, now: Date) {
  return {
    metadata: { format: 'zigpy/open-coordinator-backup', version: 1, source: 'herdgate-import-deconz', internal: { date: now.toISOString() } },
    stack_specific: {},
    coordinator_ieee: network.mac,
    pan_id: network.panId.toString(16).padStart(4, '0'),
    extended_pan_id: network.extPanId,
    nwk_update_id: network.nwkUpdateId,
    security_level: 5,
    channel: network.channel,
    channel_mask: [network.channel],
    network_key: { key: network.networkKey, sequence_number: 0, frame_counter: resumedFrameCounter(network) },
    devices: [],
  };
}
