import { describe, expect, it } from 'vitest';
import type { Services } from '../context';
import { currentEtag, etagWithCounters, etagWithFacts } from './etag';

/** Only what the tag functions read: the store's prefix and revision. */
function servicesAt(revision: number): Services {
  const store = { identity: () => ({ etagPrefix: 'abcd1234' }), revision: () => revision };
  return { store } as unknown as Services;
}

describe('etag', () => {
  it('should be the prefix and revision', () => {
    expect(currentEtag(servicesAt(7))).toBe('"abcd1234-7"');
  });

  it('should add a digest of the facts that changes with any of them and is the same for the same facts', () => {
    const tag = etagWithFacts(servicesAt(7), [true, 'x', 3, null]);
    expect(tag).toMatch(/^"abcd1234-7-f[0-9a-z]+"$/);
    expect(etagWithFacts(servicesAt(7), [true, 'x', 3, null])).toBe(tag);
    for (const facts of [
      [false, 'x', 3, null],
      [true, 'y', 3, null],
      [true, 'x', 4, null],
      [true, 'x', 3, 0],
    ]) {
      expect(etagWithFacts(servicesAt(7), facts)).not.toBe(tag);
    }
    expect(etagWithFacts(servicesAt(8), [true, 'x', 3, null])).not.toBe(tag);
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
