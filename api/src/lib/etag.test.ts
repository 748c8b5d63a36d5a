import { describe, expect, it } from 'vitest';
import type { Services } from '../services/types';
import { ManualClock } from '../services/clock';
import { currentEtag, etagWithCounters } from './etag';

/** Only what the tag functions read: the store's prefix and revision, the unlock window, the clock. */
function servicesAt(revision: number, unlockedUntil = 0): Services {
  const store = { identity: () => ({ etagPrefix: 'abcd1234' }), revision: () => revision };
  return { store, clock: new ManualClock(1_000), session: { unlockedUntil } } as unknown as Services;
}

describe('etag', () => {
  it('should be the prefix and revision, marked while the gateway is unlocked', () => {
    expect(currentEtag(servicesAt(7))).toBe('"abcd1234-7"');
    expect(currentEtag(servicesAt(7, 5_000))).toBe('"abcd1234-7u"');
  });

  it('should equal the store tag while every counter is 0', () => {
    expect(etagWithCounters(servicesAt(3), [0, 0])).toBe('"abcd1234-3"');
  });

  it('should add a process tag and the counters once any moved, distinct per running gateway', () => {
    const first = servicesAt(3);
    const second = servicesAt(3);
    const tag = etagWithCounters(first, [2, 0]);
    expect(tag).toMatch(/^"abcd1234-3-[0-9a-f]{8}\.2\.0"$/);
    expect(etagWithCounters(first, [2, 0])).toBe(tag);
    expect(etagWithCounters(first, [2, 1])).not.toBe(tag);
    expect(etagWithCounters(second, [2, 0])).not.toBe(tag);
  });
});
