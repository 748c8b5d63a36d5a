import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { planTiming, uniqueName } from './plan-fields';
import { validateSchedule } from './validate-schedule';

/** `POST /schedules`: `command` and `time` or `localtime` required; `localtime` wins when both are given. */
export async function createSchedule(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const body = await readJsonObject(c.req.raw, '/schedules');
  if (body.command === undefined) throw new DeconzError({ type: 5, address: '/schedules/command' });
  if (body.time === undefined && body.localtime === undefined) {
    throw new DeconzError({ type: 5, address: '/schedules/time', description: 'missing parameter time or localtime' });
  }
  const fields = validateSchedule(body, services, '/schedules');
  const timing = {
    time: fields.localtime !== undefined ? null : fields.time!,
    localtime: fields.localtime ?? null,
    status: fields.status ?? 'enabled',
  };
  const planned = planTiming(services, timing, '/schedules');
  const schedule = await services.automation.schedules.create((id) => ({
    ...timing,
    ...planned,
    name: uniqueName(services, fields.name ?? `Schedule ${id}`),
    description: fields.description ?? '',
    command: fields.command!,
    autodelete: fields.autodelete ?? true,
    createdAt: services.clock.now(),
  }));
  c.get('logger').info({ schedule: schedule.id, nextFireAt: schedule.nextFireAt }, 'schedule created');
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: { id: schedule.id } }]);
}
