import type { ItemRule } from './item-rules';

const text = (key: string) => (get: (key: string) => unknown) => {
  const value = get(key);
  return typeof value === 'string' ? value : undefined;
};

/**
 * ZHATime: a device's own clock as deCONZ shows it. `utc` and `lastset` (when a host last set the
 * clock) carry a `Z`; `localtime` is the device's wall clock, without one.
 */
export const TIME_RULES: readonly ItemRule[] = [
  { item: 'lastset', section: 'state', types: ['ZHATime'], exposes: [], read: text('time_last_set') },
  { item: 'localtime', section: 'state', types: ['ZHATime'], exposes: [], read: text('time_local') },
  { item: 'utc', section: 'state', types: ['ZHATime'], exposes: [], read: text('time_utc') },
];
