import { describe, expect, it } from 'vitest';
import { nextFire, parseScheduleTime, type ScheduleTime } from './schedule-time';

const utc = (text: string) => Date.parse(`${text}Z`);
const noRandom = () => 0;
const parse = (text: string): ScheduleTime => {
  const time = parseScheduleTime(text);
  if (!time) throw new Error(`did not parse ${text}`);
  return time;
};

describe('schedule time formats', () => {
  it('should parse all four formats and the random suffix', () => {
    expect(parse('2026-03-29T07:00:00')).toEqual({ kind: 'absolute', wall: { year: 2026, month: 3, day: 29, hour: 7, minute: 0, second: 0 }, randomMs: 0 });
    expect(parse('W124/T07:00:00')).toEqual({ kind: 'weekly', mask: 124, secondOfDay: 25_200, randomMs: 0 });
    expect(parse('PT00:10:00')).toEqual({ kind: 'timer', durationMs: 600_000, randomMs: 0 });
    expect(parse('R05/PT00:00:30')).toEqual({ kind: 'recurring', count: 5, durationMs: 30_000, randomMs: 0 });
    expect(parse('R/PT01:00:00')).toMatchObject({ kind: 'recurring', count: 0 });
    expect(parse('W127/T06:00:00A00:30:00')).toMatchObject({ kind: 'weekly', randomMs: 1_800_000 });
    expect(parse('W1/T06:00:00A20:00:00')).toMatchObject({ randomMs: 12 * 3_600_000 });
  });

  it('should refuse malformed times', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2026-02-30T07:00:00',
      '2026-01-01T24:00:00',
      '2026-01-01 07:00:00',
      'W128/T07:00:00',
      'W12/T7:00:00',
      'PT1:00:00',
      'R100/PT00:00:01',
      'R1/PT00:00:00',
      'PT00:60:00',
      'W1/T07:00:00A',
      'W1/T07:00:00Ax',
    ]) {
      expect(parseScheduleTime(bad), bad).toBeUndefined();
    }
  });
});

describe('schedule firing across daylight-saving changes', () => {
  // Europe/Berlin: CET→CEST on 2026-03-29 01:00 UTC, CEST→CET on 2026-10-25 01:00 UTC.
  const berlin = { timeZone: 'Europe/Berlin', startedAt: 0, random: noRandom };
  // America/New_York: EST→EDT on 2026-03-08 07:00 UTC, EDT→EST on 2026-11-01 06:00 UTC.
  const newYork = { timeZone: 'America/New_York', startedAt: 0, random: noRandom };

  it('should fire a 07:00 weekday alarm at 07:00 Berlin time on both sides of the spring change', () => {
    const alarm = parse('W124/T07:00:00');
    // Friday 27 March 07:00 CET = 06:00 UTC; the next weekday is Monday 30 March 07:00 CEST = 05:00 UTC.
    const friday = nextFire(alarm, utc('2026-03-27T00:00:00'), berlin);
    expect(friday).toBe(utc('2026-03-27T06:00:00'));
    expect(nextFire(alarm, friday!, berlin)).toBe(utc('2026-03-30T05:00:00'));
  });

  it('should fire a 07:00 weekday alarm at 07:00 Berlin time on both sides of the autumn change', () => {
    const alarm = parse('W124/T07:00:00');
    const friday = nextFire(alarm, utc('2026-10-23T00:00:00'), berlin);
    expect(friday).toBe(utc('2026-10-23T05:00:00'));
    expect(nextFire(alarm, friday!, berlin)).toBe(utc('2026-10-26T06:00:00'));
  });

  it('should fire a daily 07:00 alarm in New York at 07:00 local across both changes', () => {
    const daily = parse('W127/T07:00:00');
    expect(nextFire(daily, utc('2026-03-07T13:00:00'), newYork)).toBe(utc('2026-03-08T11:00:00'));
    expect(nextFire(daily, utc('2026-03-07T00:00:00'), newYork)).toBe(utc('2026-03-07T12:00:00'));
    expect(nextFire(daily, utc('2026-10-31T12:00:00'), newYork)).toBe(utc('2026-11-01T12:00:00'));
  });

  it('should move a time skipped in spring forward by the gap and fire a repeated autumn time once', () => {
    const skipped = parse('W127/T02:30:00');
    // 02:30 does not exist in Berlin on 29 March: fires at 03:30 CEST (01:30 UTC), then normally.
    const gapDay = nextFire(skipped, utc('2026-03-28T12:00:00'), berlin);
    expect(gapDay).toBe(utc('2026-03-29T01:30:00'));
    expect(nextFire(skipped, gapDay!, berlin)).toBe(utc('2026-03-30T00:30:00'));
    // 02:30 happens twice on 25 October: the first (CEST, 00:30 UTC) fires; the repeat does not.
    const doubled = nextFire(skipped, utc('2026-10-24T12:00:00'), berlin);
    expect(doubled).toBe(utc('2026-10-25T00:30:00'));
    expect(nextFire(skipped, doubled!, berlin)).toBe(utc('2026-10-26T01:30:00'));
  });

  it('should read an absolute local time in the zone and a UTC time in UTC', () => {
    const at = parse('2026-07-01T07:00:00');
    expect(nextFire(at, utc('2026-06-01T00:00:00'), berlin)).toBe(utc('2026-07-01T05:00:00'));
    expect(nextFire(at, utc('2026-06-01T00:00:00'), { ...berlin, timeZone: 'UTC' })).toBe(utc('2026-07-01T07:00:00'));
    expect(nextFire(at, utc('2026-07-01T05:00:00'), berlin)).toBeUndefined();
  });
});

describe('schedule timers', () => {
  const start = utc('2026-01-15T12:00:00');

  it('should fire a timer once its duration after the start', () => {
    const timer = parse('PT00:05:00');
    expect(nextFire(timer, start, { timeZone: 'UTC', startedAt: start, random: noRandom })).toBe(start + 300_000);
    expect(nextFire(timer, start + 300_000, { timeZone: 'UTC', startedAt: start, random: noRandom })).toBeUndefined();
  });

  it('should count recurring periods from the start so firings do not drift', () => {
    const every = parse('R/PT00:00:30');
    const ctx = { timeZone: 'UTC', startedAt: start, random: noRandom };
    expect(nextFire(every, start, ctx)).toBe(start + 30_000);
    expect(nextFire(every, start + 30_250, ctx)).toBe(start + 60_000);
  });

  it('should add between 1 s and the random maximum', () => {
    const timer = parse('PT00:01:00A00:10:00');
    const low = nextFire(timer, start, { timeZone: 'UTC', startedAt: start, random: () => 0 });
    const high = nextFire(timer, start, { timeZone: 'UTC', startedAt: start, random: () => 0.999_999 });
    expect(low).toBe(start + 61_000);
    expect(high! - start).toBeGreaterThan(659_000);
    expect(high! - start).toBeLessThanOrEqual(660_000);
  });
});
