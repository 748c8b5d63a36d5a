import type { ScheduleRecord } from '../../automation';
import { scheduleTimeOf } from '../../automation/schedules/plan';
import { epochOfWall } from '../../automation/time/zoned';
import { localSeconds, utcSeconds } from '../../lib/timestamps';

/**
 * A schedule as `GET /schedules/<id>` shows it. For absolute times both `time` (UTC) and
 * `localtime` are shown, the missing one computed, as deCONZ does; other formats are shown as given.
 */
export function renderSchedule(schedule: ScheduleRecord, timeZone: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    autodelete: schedule.autodelete,
    command: schedule.command,
    created: utcSeconds(schedule.createdAt),
    description: schedule.description,
    etag: schedule.etag,
    name: schedule.name,
    status: schedule.status,
    time: schedule.time ?? schedule.localtime,
  };
  if (schedule.localtime !== null) out.localtime = schedule.localtime;
  const parsed = scheduleTimeOf(schedule, { timeZone, random: Math.random });
  if (parsed?.time.kind === 'absolute' && parsed.time.randomMs === 0) {
    const at = epochOfWall(parsed.time.wall, parsed.timeZone);
    out.time = utcSeconds(at);
    out.localtime = localSeconds(at, timeZone);
  }
  if (parsed?.time.kind === 'timer' || parsed?.time.kind === 'recurring') out.starttime = utcSeconds(schedule.startedAt);
  return out;
}
