import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { ScheduleRecord } from '../../automation';

/** The schedule named by the `:id` path parameter, or 404 type 3 at `/schedules/<id>`. */
export function findSchedule(c: Context<AppEnv>): ScheduleRecord {
  const id = c.req.param('id') ?? '';
  const schedule = c.get('services').automation.schedules.get(id);
  if (!schedule) throw new DeconzError({ type: 3, address: `/schedules/${id}`, params: { path: `/schedules/${id}` } });
  return schedule;
}
