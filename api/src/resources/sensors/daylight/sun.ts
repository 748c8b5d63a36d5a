/**
 * Where the sun is, as pure maths (no I/O, no clock): the usual low-precision solar model from
 * astronomical almanacs (mean anomaly, equation of centre, obliquity 23.4397°), good to about a
 * minute for sunrise and sunset away from the poles. Times are epoch milliseconds, angles degrees.
 */

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
const J1970 = 2440588;
const J2000 = 2451545;
const OBLIQUITY = RAD * 23.4397;
/** Solar transit correction of the Julian cycle. */
const J0 = 0.0009;

const toDays = (ms: number) => ms / DAY_MS - 0.5 + J1970 - J2000;
const fromJulian = (j: number) => (j + 0.5 - J1970) * DAY_MS;

const meanAnomaly = (d: number) => RAD * (357.5291 + 0.98560028 * d);

function eclipticLongitude(m: number): number {
  const centre = RAD * (1.9148 * Math.sin(m) + 0.02 * Math.sin(2 * m) + 0.0003 * Math.sin(3 * m));
  const perihelion = RAD * 102.9372;
  return m + centre + perihelion + Math.PI;
}

const declination = (l: number) => Math.asin(Math.sin(OBLIQUITY) * Math.sin(l));
const rightAscension = (l: number) => Math.atan2(Math.sin(l) * Math.cos(OBLIQUITY), Math.cos(l));

/** The sun's altitude above the horizon in degrees at `ms` seen from (lat, lng). */
export function sunAltitude(ms: number, lat: number, lng: number): number {
  const d = toDays(ms);
  const l = eclipticLongitude(meanAnomaly(d));
  const dec = declination(l);
  const hourAngle = RAD * (280.16 + 360.9856235 * d) + RAD * lng - rightAscension(l);
  const phi = RAD * lat;
  return Math.asin(Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(hourAngle)) / RAD;
}

/** Named moments of a solar day and the altitude that defines them (rising, then setting). */
export const SUN_ANGLES = [
  { angle: -18, rise: 'nightEnd', set: 'night' },
  { angle: -12, rise: 'nauticalDawn', set: 'nauticalDusk' },
  { angle: -6, rise: 'dawn', set: 'dusk' },
  { angle: -0.833, rise: 'sunrise', set: 'sunset' },
  { angle: -0.3, rise: 'sunriseEnd', set: 'sunsetStart' },
  { angle: 6, rise: 'goldenHourEnd', set: 'goldenHour' },
] as const;

export type SunMoment = 'nadir' | 'solarNoon' | (typeof SUN_ANGLES)[number]['rise'] | (typeof SUN_ANGLES)[number]['set'];

/**
 * The moments of the solar day nearest to `ms` at (lat, lng). A moment the sun never reaches that
 * day (polar day or night) is absent rather than NaN.
 */
export function sunTimes(ms: number, lat: number, lng: number): Partial<Record<SunMoment, number>> {
  const lw = -RAD * lng;
  const phi = RAD * lat;
  const d = toDays(ms);
  const cycle = Math.round(d - J0 - lw / (2 * Math.PI));
  const transitDay = J0 + lw / (2 * Math.PI) + cycle;
  const m = meanAnomaly(transitDay);
  const l = eclipticLongitude(m);
  const dec = declination(l);
  const transit = (day: number) => J2000 + day + 0.0053 * Math.sin(m) - 0.0069 * Math.sin(2 * l);
  const noon = transit(transitDay);
  const times: Partial<Record<SunMoment, number>> = { solarNoon: fromJulian(noon), nadir: fromJulian(noon - 0.5) };
  for (const { angle, rise, set } of SUN_ANGLES) {
    const cosH = (Math.sin(RAD * angle) - Math.sin(phi) * Math.sin(dec)) / (Math.cos(phi) * Math.cos(dec));
    if (!(cosH >= -1 && cosH <= 1)) continue;
    const setJ = transit(J0 + (Math.acos(cosH) + lw) / (2 * Math.PI) + cycle);
    times[set] = fromJulian(setJ);
    times[rise] = fromJulian(noon - (setJ - noon));
  }
  return times;
}
