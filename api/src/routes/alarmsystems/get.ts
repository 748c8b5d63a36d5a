import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { findAlarmSystem } from './find';

/** `GET /alarmsystems/<id>` (deCONZ has no ETag or 304 here). */
export function getAlarmSystem(c: Context<AppEnv>): Response {
  const record = findAlarmSystem(c);
  return sendJson(c, c.get('services').alarms.view(record.id));
}
