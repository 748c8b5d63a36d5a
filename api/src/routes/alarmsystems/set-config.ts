import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import type { AlarmTimings } from '../../resources/alarmsystems/machine';
import { findAlarmSystem } from './find';
import { configSchema } from './schemas';

/**
 * `PUT /alarmsystems/<id>/config`: validated as a whole, then committed in one write (deCONZ
 * applies keys one by one and keeps those before a bad one). `code0` is answered as
 * `config/configured: true` and stored only as a salted PBKDF2 hash.
 */
export async function setAlarmConfig(c: Context<AppEnv>): Promise<Response> {
  const record = findAlarmSystem(c);
  const base = `/alarmsystems/${record.id}/config`;
  const { code0, ...rest } = await parseBody(c.req.raw, configSchema, { base });
  const timings = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<AlarmTimings>;
  await c.get('services').alarms.configure(record.id, timings, code0);
  if (code0 !== undefined) c.get('logger').info({ alarmsystem: record.id }, 'alarm PIN changed');
  const successes: Array<{ success: Record<string, unknown> }> = Object.entries(timings).map(([field, value]) => ({
    success: { [`${base}/${field}`]: value },
  }));
  if (code0 !== undefined) successes.push({ success: { [`${base}/configured`]: true } });
  return sendJson(c, successes);
}
