import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Versions for an archive's manifest: herdgate's own and the zigbee-herdsman it runs. */
export function softwareVersions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const version = (path: string) => (JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { version: string }).version;
  return { herdgate: version('../../../package.json'), 'zigbee-herdsman': version('zigbee-herdsman/package.json') };
}
