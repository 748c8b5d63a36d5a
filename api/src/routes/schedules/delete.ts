import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { findSchedule } from './find';

/** `DELETE /schedules/<id>`: gone at once, answered `OK-ID` as the spec lists. */
export async function deleteSchedule(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const schedule = findSchedule(c);
  await services.automation.schedules.delete(schedule.id);
  c.get('logger').info({ schedule: schedule.id }, 'schedule deleted');
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: { id: schedule.id } }]);
}
