import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { AlarmSystemRecord } from '../../resources/alarmsystems/repository';

/** The alarm system of the `:id` path parameter, or 404 type 3. */
export function findAlarmSystem(c: Context<AppEnv>): Readonly<AlarmSystemRecord> {
  const id = c.req.param('id') ?? '';
  const record = c.get('services').alarms.system(id);
  if (!record) throw new DeconzError({ type: 3, address: `/alarmsystems/${id}`, params: { path: `/alarmsystems/${id}` } });
  return record;
}
