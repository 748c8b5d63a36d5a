import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { findSchedule } from './find';
import { renderSchedule } from './render';

/** `GET /schedules/<id>` with the schedule's own ETag header. */
export function getSchedule(c: Context<AppEnv>): Response {
  const schedule = findSchedule(c);
  c.header('ETag', `"${schedule.etag}"`);
  return sendJson(c, renderSchedule(schedule, c.get('services').store.settings().timezone));
}
