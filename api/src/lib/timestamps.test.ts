import { describe, expect, it } from 'vitest';
import { localSeconds, utcSeconds } from './timestamps';

describe('timestamps', () => {
  it('should write UTC seconds without a zone suffix', () => {
    expect(utcSeconds(Date.UTC(2026, 0, 5, 7, 3, 9, 999))).toBe('2026-01-05T07:03:09');
  });

  it('should write the wall time of a zone on both sides of its clock changes', () => {
    expect(localSeconds(Date.UTC(2026, 6, 1, 12, 0, 0), 'America/New_York')).toBe('2026-07-01T08:00:00');
    expect(localSeconds(Date.UTC(2026, 0, 1, 3, 4, 5), 'America/New_York')).toBe('2025-12-31T22:04:05');
    // Berlin springs from 02:00 CET to 03:00 CEST at 01:00 UTC on 29 March 2026.
    expect(localSeconds(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/Berlin')).toBe('2026-03-29T01:59:59');
    expect(localSeconds(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/Berlin')).toBe('2026-03-29T03:00:00');
    expect(localSeconds(Date.UTC(2026, 2, 29, 22, 0, 0), 'Asia/Kolkata')).toBe('2026-03-30T03:30:00');
  });

  it('should answer again within the same second from its last answer, and move on the next', () => {
    const at = Date.UTC(2026, 5, 1, 23, 59, 59);
    expect(localSeconds(at, 'Etc/UTC')).toBe('2026-06-01T23:59:59');
    expect(localSeconds(at + 999, 'Etc/UTC')).toBe('2026-06-01T23:59:59');
    expect(localSeconds(at + 1000, 'Etc/UTC')).toBe('2026-06-02T00:00:00');
  });
});
