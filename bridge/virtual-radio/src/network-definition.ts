/**
 * A network definition (e.g. networks/demo.json): the devices a fresh radio starts with. Devices
 * marked `pool` (the default) join at the first permit join; `joined` ones are on the network at once.
 */
import { readFileSync } from 'node:fs';
import type { DeviceSettings } from './network/types';

export interface NetworkDefinitionEntry {
  model: string;
  ieee: string;
  name?: string;
  /** `idle`: a factory-new device that is powered but not searching (joins only after a touchlink reset). */
  join?: 'pool' | 'joined' | 'idle';
  /** Metres from the coordinator (touchlink reaches about 1.5 m). */
  distance?: number;
  /** Attribute values it holds before it joins (endpoint -> cluster -> attribute -> value). */
  settings?: DeviceSettings;
}

export interface NetworkDefinition {
  description?: string;
  devices: NetworkDefinitionEntry[];
}

const IEEE = /^[0-9a-f]{16}$/;

/** Reads and checks a definition; throws with the offending entry named. */
export function loadNetworkDefinition(path: string): NetworkDefinition {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { devices?: unknown };
  if (!Array.isArray(raw.devices)) throw new Error(`${path}: "devices" must be an array`);
  raw.devices.forEach((d: Partial<NetworkDefinitionEntry>, i) => {
    if (typeof d.model !== 'string') throw new Error(`${path}: devices[${i}].model must be a string`);
    if (typeof d.ieee !== 'string' || !IEEE.test(d.ieee)) throw new Error(`${path}: devices[${i}].ieee must be 16 lower-case hex digits`);
    if (d.join !== undefined && d.join !== 'pool' && d.join !== 'joined' && d.join !== 'idle')
      throw new Error(`${path}: devices[${i}].join must be "pool", "joined" or "idle"`);
    if (d.settings !== undefined && !isSettings(d.settings))
      throw new Error(`${path}: devices[${i}].settings must map endpoint ids to clusters to attribute values`);
    if (d.distance !== undefined && (typeof d.distance !== 'number' || !(d.distance > 0)))
      throw new Error(`${path}: devices[${i}].distance must be a positive number of metres`);
  });
  return raw as NetworkDefinition;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isValue = (value: unknown) => typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';

function isSettings(value: unknown): value is DeviceSettings {
  return (
    isObject(value) &&
    Object.entries(value).every(
      ([ep, clusters]) =>
        /^\d+$/.test(ep) && isObject(clusters) && Object.values(clusters).every((attrs) => isObject(attrs) && Object.values(attrs).every(isValue)),
    )
  );
}
