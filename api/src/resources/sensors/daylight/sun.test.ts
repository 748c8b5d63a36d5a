import { describe, expect, it } from 'vitest';
import { daylightAt } from './daylight-state';
import { sunTimes } from './sun';

const at = (iso: string) => Date.parse(iso);
const minutesApart = (a: number | undefined, iso: string) => Math.abs((a ?? NaN) - at(iso)) / 60_000;

// Published almanac times (UTC, rounded to the minute) the solar maths must match within 2 minutes.
const ALMANAC = [
  {
    place: 'London, summer solstice',
    lat: 51.5074,
    long: -0.1278,
    day: '2026-06-21T12:00:00Z',
    sunrise: '2026-06-21T03:43:00Z',
    sunset: '2026-06-21T20:21:00Z',
  },
  {
    place: 'London, winter solstice',
    lat: 51.5074,
    long: -0.1278,
    day: '2026-12-21T12:00:00Z',
    sunrise: '2026-12-21T08:04:00Z',
    sunset: '2026-12-21T15:53:00Z',
  },
  {
    place: 'New York, summer solstice',
    lat: 40.7128,
    long: -74.006,
    day: '2026-06-21T17:00:00Z',
    sunrise: '2026-06-21T09:25:00Z',
    sunset: '2026-06-22T00:31:00Z',
  },
  {
    place: 'Sydney, winter solstice',
    lat: -33.8688,
    long: 151.2093,
    day: '2026-06-21T02:00:00Z',
    sunrise: '2026-06-20T21:00:00Z',
    sunset: '2026-06-21T06:54:00Z',
  },
];

// Golden outputs of daylightAt (offsets +30/-30), pinned so a change to the maths is seen.
const GOLDEN = [
  {
    lat: 51.5074,
    long: -0.1278,
    now: '2026-06-21T12:00:00Z',
    values: { daylight: true, dark: false, status: 160, sunrise: '2026-06-21T03:44:19', sunset: '2026-06-21T20:22:41' },
  },
  {
    lat: 51.5074,
    long: -0.1278,
    now: '2026-12-21T12:00:00Z',
    values: { daylight: true, dark: false, status: 170, sunrise: '2026-12-21T08:05:00', sunset: '2026-12-21T15:54:30' },
  },
  {
    lat: 0,
    long: 0,
    now: '2026-03-20T12:00:00Z',
    values: { daylight: true, dark: false, status: 160, sunrise: '2026-03-20T06:05:30', sunset: '2026-03-20T18:12:10' },
  },
  { lat: 69.65, long: 18.96, now: '2026-06-21T12:00:00Z', values: { daylight: true, dark: false, status: 170, sunrise: null, sunset: null } },
  { lat: 69.65, long: 18.96, now: '2026-12-21T12:00:00Z', values: { daylight: false, dark: false, status: 170, sunrise: null, sunset: null } },
];

describe('daylight: solar maths', () => {
  it('should match published sunrise and sunset times within 2 minutes', () => {
    for (const row of ALMANAC) {
      const times = sunTimes(at(row.day), row.lat, row.long);
      expect(minutesApart(times.sunrise, row.sunrise), row.place).toBeLessThan(2);
      expect(minutesApart(times.sunset, row.sunset), row.place).toBeLessThan(2);
    }
  });

  it('should give the golden Daylight values, polar day and night included', () => {
    for (const row of GOLDEN) {
      expect(daylightAt(at(row.now), { lat: row.lat, long: row.long, sunriseoffset: 30, sunsetoffset: -30 }).values).toEqual(row.values);
    }
  });

  it('should move through the statuses of a day and apply the offsets to daylight', () => {
    const london = { lat: 51.5074, long: -0.1278, sunriseoffset: 30, sunsetoffset: -30 };
    expect(daylightAt(at('2026-06-21T00:30:00Z'), london).values).toMatchObject({ daylight: false, dark: true, status: 100 }); // past nadir (00:03)
    // 20 minutes after sunrise: the sun is up but the +30 minute offset has not passed.
    expect(daylightAt(at('2026-06-21T04:04:00Z'), london).values).toMatchObject({ daylight: false, dark: false });
    expect(daylightAt(at('2026-06-21T04:20:00Z'), london).values.daylight).toBe(true);
    // Between sunset - 30 and sunset: no longer daylight, not yet dark.
    expect(daylightAt(at('2026-06-21T20:00:00Z'), london).values).toMatchObject({ daylight: false, dark: false, status: 180 }); // golden hour
    expect(daylightAt(at('2026-06-21T23:00:00Z'), london).values.dark).toBe(true);
  });

  it('should name the next moment after now', () => {
    const { next } = daylightAt(at('2026-06-21T12:00:00Z'), { lat: 51.5074, long: -0.1278, sunriseoffset: 0, sunsetoffset: 0 });
    expect(next).toBeGreaterThan(at('2026-06-21T12:00:00Z'));
    expect(next).toBeLessThan(at('2026-06-21T12:10:00Z'));
  });
});
