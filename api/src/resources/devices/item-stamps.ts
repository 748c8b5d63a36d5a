import { MOMENTARY_ITEMS } from '@herdgate/shared/deconz';
import type { Subdevice } from '@herdgate/shared/mqtt';
import type { StampedItem } from './types';

/** `2026-10-01T08:12:03.120` (deCONZ lastupdated) → `2026-10-01T08:12:03Z` (Device item stamp). */
export function itemStamp(lastupdated: unknown, fallback: string): string {
  return typeof lastupdated === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(lastupdated) ? `${lastupdated.slice(0, 19)}Z` : fallback;
}

/** Items that describe a moment (a press): the same value again is a new event. */
const MOMENTARY = new Set([...MOMENTARY_ITEMS].map((item) => `state/${item}`));

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Folds an endpoint's current items into a sub-device's stamped items: an item whose value changed
 * (or is new) takes `stamp`, the others keep theirs. Returns the names that changed.
 */
export function stampItems(
  current: Map<string, StampedItem>,
  sub: Subdevice,
  values: { state: Record<string, unknown>; config: Record<string, unknown> },
  stamp: string,
): string[] {
  const changed: string[] = [];
  const take = (prefix: 'state' | 'config', names: readonly string[], source: Record<string, unknown>) => {
    for (const name of names) {
      if (!(name in source)) continue;
      const key = `${prefix}/${name}`;
      const value = source[name];
      const before = current.get(key);
      // A press repeats its value: a new stamp makes it a new press.
      const pressedAgain = MOMENTARY.has(key) && before?.lastupdated !== stamp;
      if (before && same(before.value, value) && !pressedAgain) continue;
      current.set(key, { value, lastupdated: stamp });
      changed.push(key);
    }
  };
  take('state', sub.state, values.state);
  take('config', sub.config, values.config);
  return changed;
}
