import { createRequire } from 'node:module';

/**
 * zigbee-herdsman-converters finds a device's definition by loading its vendor's whole device file
 * (`dist/devices/philips.js`: every Hue product, about 5 MiB of heap once evaluated) and Node keeps
 * every module it loaded for good. The bridge keeps the one prepared definition per device it needs
 * (translate.ts), so once resolving has paused the vendor files are let go: dropped from Node's
 * module cache and from the `children` and `parent` links of the modules that stay, so the unused
 * definitions can be collected. A device of that vendor joining
 * later loads its file again (a few milliseconds). On the 200-device network this frees about
 * 9.5 MiB of the bridge's heap (heap snapshot, docs/benchmarks.md).
 */
const require = createRequire(import.meta.url);
const VENDOR_FILE = /[\\/]zigbee-herdsman-converters[\\/]dist[\\/]devices[\\/][^\\/]+\.js$/;
/** Resolving is bursty (pairing, start-up): release once it has been idle this long. */
const IDLE_MS = 15_000;

/** A require.cache entry; modules loaded through import() may have no `children`. */
type CachedModule = { exports: unknown; children?: CachedModule[]; parent?: CachedModule | null };

/** Drops the converters' vendor device files from the module cache; returns how many. */
export function releaseVendorModules(): number {
  const cache = require.cache as Record<string, CachedModule | undefined>;
  const dropped = new Set<CachedModule>();
  for (const [file, entry] of Object.entries(cache)) {
    if (!entry || !VENDOR_FILE.test(file)) continue;
    dropped.add(entry);
    delete cache[file];
  }
  if (dropped.size === 0) return 0;
  for (const entry of Object.values(cache)) {
    if (!entry) continue;
    if (entry.children) entry.children = entry.children.filter((child) => !dropped.has(child));
    // A helper module a vendor file loaded first (lib/lumi.js) points back at it as its parent
    // (Node's deprecated `module.parent`, kept in a private field): the last strong reference.
    if (entry.parent && dropped.has(entry.parent)) entry.parent = undefined;
  }
  for (const entry of dropped) {
    entry.exports = {};
    entry.children = [];
  }
  return dropped.size;
}

let timer: NodeJS.Timeout | undefined;

/**
 * Called after each definition lookup: releases the vendor files once lookups have been idle. Only
 * memory is at stake, so a failure is reported and the files simply stay loaded.
 */
export function releaseVendorModulesWhenIdle(onError: (err: unknown) => void): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    try {
      releaseVendorModules();
    } catch (err) {
      onError(err);
    }
  }, IDLE_MS).unref();
}
