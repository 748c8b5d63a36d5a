import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { ScheduleInput } from '../../automation';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { findSchedule } from './find';
import { planTiming, uniqueName } from './plan-fields';
import { validateSchedule } from './validate-schedule';

/**
 * `PUT|PATCH /schedules/<id>`: validated as a whole, then committed in one write (deCONZ applies
 * the good fields and reports the bad ones; a half-applied alarm is worse than a refused one).
 * A new time or a re-enable restarts the run; the time must lie ahead.
 */
export async function updateSchedule(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const schedule = findSchedule(c);
  const base = `/schedules/${schedule.id}`;
  const body = await readJsonObject(c.req.raw, base);
  const fields = validateSchedule(body, services, base);
  const changes: Partial<ScheduleInput> = {};
  if (fields.name !== undefined) changes.name = uniqueName(services, fields.name, schedule.id);
  if (fields.description !== undefined) changes.description = fields.description;
  if (fields.command !== undefined) changes.command = fields.command;
  if (fields.autodelete !== undefined) changes.autodelete = fields.autodelete;
  if (fields.localtime !== undefined) Object.assign(changes, { localtime: fields.localtime, time: null });
  else if (fields.time !== undefined) Object.assign(changes, { time: fields.time, localtime: null });
  if (fields.status !== undefined) changes.status = fields.status;
  const retimed = fields.time !== undefined || fields.localtime !== undefined || (fields.status !== undefined && fields.status !== schedule.status);
  if (retimed) Object.assign(changes, planTiming(services, { ...schedule, ...changes }, base));
  const updated = await services.automation.schedules.update(schedule.id, changes);
  if (!updated) throw new DeconzError({ type: 3, address: base, params: { path: base } });
  c.get('logger').info({ schedule: schedule.id, fields: Object.keys(fields), nextFireAt: updated.nextFireAt }, 'schedule updated');
  c.header('ETag', `"${updated.etag}"`);
  const shown: Record<string, unknown> = { ...fields, ...(changes.name !== undefined ? { name: changes.name } : {}) };
  return sendJson(
    c,
    Object.entries(shown).map(([key, value]) => ({ success: { [`${base}/${key}`]: value } })),
  );
}
