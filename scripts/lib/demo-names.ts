import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Longest device name the bridge keeps (its registry cuts longer ones). */
const NAME_MAX = 32;

/** A network file's own name for a device, fit for the app: a long one loses its remark in brackets. */
export function demoName(name: string): string {
  const short = name.length > NAME_MAX ? name.replace(/\s*\(.*\)\s*$/, '') : name;
  return short.slice(0, NAME_MAX);
}

/**
 * The names a simulated network file gives its devices ("Living room ceiling"), as the bridge's
 * `names.json` (ieee → name) in a data directory that has none yet: a first start shows them from
 * the first pairing on. An existing names.json is the user's and is left as it is.
 * Returns how many names were written.
 */
export function seedDemoNames(networkPath: string, dataDir: string): number {
  const target = join(dataDir, 'names.json');
  if (existsSync(target)) return 0;
  const network = JSON.parse(readFileSync(networkPath, 'utf8')) as { devices?: { ieee?: string; name?: string }[] };
  const names: Record<string, string> = {};
  for (const device of network.devices ?? []) {
    if (typeof device.ieee === 'string' && typeof device.name === 'string' && device.name.trim() !== '')
      names[`0x${device.ieee.toLowerCase()}`] = demoName(device.name.trim());
  }
  if (Object.keys(names).length === 0) return 0;
  writeFileSync(target, `${JSON.stringify(names, null, 2)}\n`);
  return Object.keys(names).length;
}
