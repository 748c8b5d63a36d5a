import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * True when the module at `url` (its `import.meta.url`) is the script node was started with, false
 * when another module imported it: the bridge's and the api's entries run their own process only
 * when started directly, and only export their start functions when the one-process gateway
 * (scripts/one-process/) loads both into one process.
 */
export function isMainModule(url: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === url;
  } catch {
    return false;
  }
}
