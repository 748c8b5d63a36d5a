/**
 * Zigbee2MQTT's `configuration.yaml` (settings version 5, Zigbee2MQTT 2.x) as the import needs
 * it: the network, the adapter, the device and group maps. Read the way Zigbee2MQTT reads it:
 * `'!secret network_key'` (or any `'!<file> <key>'`) takes `<key>` from `<file>.yaml` beside it,
 * `devices:` and `groups:` may name files holding the maps, and absent network fields take
 * Zigbee2MQTT's defaults. Anything it would not start with is refused with the reason.
 */
import { load } from 'js-yaml';
import { FolderRefused, type Z2mFolder } from './source';

/** Zigbee2MQTT 2.x; 1.x files (version 4 or none) are read the same, a newer one is refused. */
export const SETTINGS_VERSION = 5;
const DEFAULTS = {
  pan_id: 0x1a62,
  ext_pan_id: [0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd],
  channel: 11,
  network_key: [1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13],
};

export interface Z2mNetwork {
  panId: number;
  /** 16 lower-case hex digits, in the byte order of `ext_pan_id`. */
  extPanId: string;
  /** 32 lower-case hex digits. */
  networkKey: string;
  channel: number;
  /** Which fields Zigbee2MQTT's defaults filled (the file did not set them). */
  defaulted: string[];
}

export type Options = Record<string, unknown>;

export interface Z2mSettings {
  raw: Options;
  adapter?: string;
  port?: string;
  network: Z2mNetwork;
  /** ieee (`0x…`) → options (friendly_name, retain, …). */
  devices: Record<string, Options>;
  /** group id (decimal string) → options (friendly_name, …). */
  groups: Record<string, Options>;
}

const isObject = (value: unknown): value is Options => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readYaml(folder: Z2mFolder, name: string): Options {
  const bytes = folder.files.get(name);
  if (!bytes) throw new FolderRefused(`the folder has no ${name}`);
  let value: unknown;
  try {
    value = load(bytes.toString('utf8'));
  } catch (err) {
    const hint = /unknown .*tag !<!/.test((err as Error).message) ? " (Zigbee2MQTT needs a reference quoted: network_key: '!secret network_key')" : '';
    throw new FolderRefused(`${name} is not valid YAML${hint}: ${(err as Error).message.split('\n')[0]}`);
  }
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new FolderRefused(`${name} does not hold a map of settings`);
  return value;
}

/** `'!secret network_key'` → the value of `network_key` in secret.yaml, as Zigbee2MQTT's parseValueRef. */
function resolveRef(folder: Z2mFolder, path: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /!(.*) (.*)/.exec(value);
  if (!match) return value;
  const file = /\.ya?ml$/.test(match[1]!) ? match[1]! : `${match[1]}.yaml`;
  const key = match[2]!;
  if (!folder.files.has(file)) throw new FolderRefused(`${path} refers to ${key} in ${file}, which the folder does not have`);
  const content = readYaml(folder, file);
  if (!(key in content)) throw new FolderRefused(`${path} refers to ${key} in ${file}, which has no such key`);
  return content[key];
}

function bytesOf(path: string, value: unknown, length: number): number[] {
  if (value === 'GENERATE')
    throw new FolderRefused(`${path} is still GENERATE: Zigbee2MQTT never formed this network (start it once on its stick, or pair the devices with herdgate)`);
  if (!Array.isArray(value) || value.length !== length || !value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw new FolderRefused(`${path} must be a list of ${length} numbers 0-255 (is ${JSON.stringify(value)})`);
  }
  return value as number[];
}

/** `devices:` or `groups:`: a map, or a file name, or a list of file names holding maps (merged). */
function mapOf(folder: Z2mFolder, raw: Options, key: 'devices' | 'groups'): Record<string, Options> {
  const value = raw[key];
  if (value === undefined || value === null) return {};
  const maps =
    typeof value === 'string' || Array.isArray(value)
      ? (Array.isArray(value) ? value : [value]).map((file) =>
          typeof file === 'string' && folder.files.has(file) ? readYaml(folder, file) : typeof file === 'string' ? {} : undefined,
        )
      : [value];
  const out: Record<string, Options> = {};
  for (const map of maps) {
    if (!isObject(map)) throw new FolderRefused(`${key} in configuration.yaml is neither a map nor file names`);
    for (const [id, options] of Object.entries(map)) {
      if (!isObject(options)) throw new FolderRefused(`${key}.${id} in configuration.yaml is not a map of options`);
      out[id] = { ...(out[id] ?? {}), ...options };
    }
  }
  return out;
}

export function readSettings(folder: Z2mFolder): Z2mSettings {
  const raw = readYaml(folder, 'configuration.yaml');
  const version = raw.version;
  if (version !== undefined && (typeof version !== 'number' || version > SETTINGS_VERSION)) {
    throw new FolderRefused(
      `configuration.yaml has settings version ${JSON.stringify(version)}; this import reads Zigbee2MQTT's versions up to ${SETTINGS_VERSION} (Zigbee2MQTT 2.x)`,
    );
  }
  const advanced = isObject(raw.advanced) ? raw.advanced : {};
  const defaulted = (['pan_id', 'ext_pan_id', 'channel', 'network_key'] as const).filter((key) => advanced[key] === undefined);
  const field = <K extends keyof typeof DEFAULTS>(key: K) => (advanced[key] === undefined ? DEFAULTS[key] : advanced[key]);
  const panId = field('pan_id');
  if (panId === 'GENERATE') bytesOf('advanced.pan_id', panId, 2);
  if (!Number.isInteger(panId) || (panId as number) < 1 || (panId as number) > 0xfffe)
    throw new FolderRefused(`advanced.pan_id must be a number 1-65534 (is ${JSON.stringify(panId)})`);
  const channel = field('channel');
  if (!Number.isInteger(channel) || (channel as number) < 11 || (channel as number) > 26)
    throw new FolderRefused(`advanced.channel must be 11-26 (is ${JSON.stringify(channel)})`);
  const key = resolveRef(folder, 'advanced.network_key', field('network_key'));
  const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex');
  const serial = isObject(raw.serial) ? raw.serial : {};
  return {
    raw,
    ...(typeof serial.adapter === 'string' ? { adapter: serial.adapter } : {}),
    ...(typeof serial.port === 'string' ? { port: serial.port } : {}),
    network: {
      panId: panId as number,
      extPanId: hex(bytesOf('advanced.ext_pan_id', field('ext_pan_id'), 8)),
      networkKey: hex(bytesOf('advanced.network_key', key, 16)),
      channel: channel as number,
      defaulted,
    },
    devices: mapOf(folder, raw, 'devices'),
    groups: mapOf(folder, raw, 'groups'),
  };
}
