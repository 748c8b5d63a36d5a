import type { Logger } from 'pino';
import { epochOfWall, wallTimeAt } from '../../automation/time/zoned';
import type { ConfigChanges } from './types';

/** A client time this far from the host's is worth a warning in the log. */
const CLOCK_SKEW_WARN_SECONDS = 60;

/** What a client said the time is (`utc`/`UTC` as UTC, `localtime` in the gateway's zone), if anything. */
export function clockChange(input: ConfigChanges): { name: 'utc' | 'localtime'; value: string } | undefined {
  const utc = input.utc ?? input.UTC;
  if (utc !== undefined) return { name: 'utc', value: utc };
  return input.localtime === undefined ? undefined : { name: 'localtime', value: input.localtime };
}

/**
 * `utc`/`localtime` in `PUT /config`: deCONZ sets the system clock on its own gateway images and
 * ignores the value elsewhere. herdgate never sets the host clock and keeps no clock of its own:
 * the host's (kept by NTP, reported as `ntp`) is the one the bridge, command expiry, alarm
 * deadlines and schedules share. The value is answered as deCONZ does (the caller) and logged
 * here, with a warning when it is far from the host clock.
 */
export function noteClientClock(input: ConfigChanges, at: { now: number; timeZone: string; log: Logger }): void {
  const said = clockChange(input);
  if (!said) return;
  const asUtc = Date.parse(`${said.value}Z`);
  const moment = said.name === 'utc' ? asUtc : epochOfWall(wallTimeAt(asUtc, 'UTC'), at.timeZone);
  const skewSeconds = Math.round((moment - at.now) / 1000);
  const fields = { [said.name]: said.value, skewSeconds };
  if (Math.abs(skewSeconds) > CLOCK_SKEW_WARN_SECONDS)
    at.log.warn(fields, "a client's clock differs from the host clock; the host clock is kept (set it with NTP)");
  else at.log.info(fields, 'client time noted; the host clock is kept');
}
