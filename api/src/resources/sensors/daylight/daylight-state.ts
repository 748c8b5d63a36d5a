import { sunAltitude, sunTimes, type SunMoment } from './sun';
import { utcSeconds } from '../../../lib/timestamps';

/** deCONZ Daylight `status` codes, one per moment of the solar day (pydeconz's DayLightStatus). */
export const STATUS_CODES: Readonly<Record<SunMoment, number>> = {
  nadir: 100,
  nightEnd: 110,
  nauticalDawn: 120,
  dawn: 130,
  sunrise: 140,
  sunriseEnd: 150,
  goldenHourEnd: 160,
  solarNoon: 170,
  goldenHour: 180,
  sunsetStart: 190,
  sunset: 200,
  dusk: 210,
  nauticalDusk: 220,
  night: 230,
};

export interface DaylightSettings {
  lat: number;
  long: number;
  /** Minutes added to sunrise / sunset for `daylight` (-120..120). */
  sunriseoffset: number;
  sunsetoffset: number;
}

export interface DaylightValues {
  daylight: boolean;
  dark: boolean;
  status: number;
  /** Today's sunrise and sunset, UTC `yyyy-MM-ddTHH:mm:ss`; null where the sun neither rises nor sets. */
  sunrise: string | null;
  sunset: string | null;
}

interface Moment {
  at: number;
  name: string;
  code?: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Every moment of the solar days around `now`, sorted, plus the offset sunrise/sunset marks. */
function timeline(now: number, s: DaylightSettings): Moment[] {
  const moments: Moment[] = [];
  for (const shift of [-DAY, 0, DAY]) {
    const times = sunTimes(now + shift, s.lat, s.long);
    for (const [name, at] of Object.entries(times) as [SunMoment, number][]) {
      moments.push({ at, name, code: STATUS_CODES[name] });
    }
    if (times.sunrise !== undefined) moments.push({ at: times.sunrise + s.sunriseoffset * MINUTE, name: 'daylight-start' });
    if (times.sunset !== undefined) moments.push({ at: times.sunset + s.sunsetoffset * MINUTE, name: 'daylight-end' });
  }
  return moments.sort((a, b) => a.at - b.at);
}

const lastOf = (moments: Moment[], now: number, names: readonly string[]) => moments.filter((m) => m.at <= now && names.includes(m.name)).at(-1);

/**
 * The Daylight sensor's state at `now`, and when it next changes (so a timer can wake then).
 * `daylight` is true from sunrise + `sunriseoffset` to sunset + `sunsetoffset`; `dark` from dusk
 * (sun 6° below the horizon) to dawn. Where the sun neither rises nor sets that day (polar day or
 * night) both follow the sun's altitude.
 */
export function daylightAt(now: number, settings: DaylightSettings): { values: DaylightValues; next: number | undefined } {
  const moments = timeline(now, settings);
  const status = moments.filter((m) => m.at <= now && m.code !== undefined).at(-1)?.code ?? STATUS_CODES.nadir;
  const altitude = sunAltitude(now, settings.lat, settings.long);
  const edge = lastOf(moments, now, ['daylight-start', 'daylight-end']);
  const twilight = lastOf(moments, now, ['dawn', 'dusk']);
  const daylight = edge && now - edge.at < DAY ? edge.name === 'daylight-start' : altitude > -0.833;
  const dark = twilight && now - twilight.at < DAY ? twilight.name === 'dusk' : altitude < -6;
  const today = sunTimes(now, settings.lat, settings.long);
  const values: DaylightValues = {
    daylight,
    dark,
    status,
    sunrise: today.sunrise === undefined ? null : utcSeconds(today.sunrise),
    sunset: today.sunset === undefined ? null : utcSeconds(today.sunset),
  };
  return { values, next: moments.find((m) => m.at > now)?.at };
}
