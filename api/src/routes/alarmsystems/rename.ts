import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { findAlarmSystem } from './find';
import { renameSchema } from './schemas';

/** `PUT /alarmsystems/<id>` `{"name"}` (1-32 characters). */
export async function renameAlarmSystem(c: Context<AppEnv>): Promise<Response> {
  const record = findAlarmSystem(c);
  const base = `/alarmsystems/${record.id}`;
  const { name } = await parseBody(c.req.raw, renameSchema, { base });
  await c.get('services').alarms.rename(record.id, name);
  return sendJson(c, [{ success: { [`${base}/name`]: name } }]);
}
