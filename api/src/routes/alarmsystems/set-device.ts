import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { normaliseArmmask } from '../../resources/alarmsystems/machine';
import { deviceKind } from './device-kind';
import { findAlarmSystem } from './find';
import { deviceSchema } from './schemas';

/**
 * `PUT /alarmsystems/<id>/device/<uniqueid>`: add or update a member; it leaves any other system.
 * Keypads may send `{}` (armmask `none`); sensors and lights need an `armmask` of A, S, N.
 */
export async function setAlarmDevice(c: Context<AppEnv>): Promise<Response> {
  const record = findAlarmSystem(c);
  const uniqueid = c.req.param('uniqueid') ?? '';
  const address = `/alarmsystems/${record.id}/device/${uniqueid}`;
  const services = c.get('services');
  const kind = deviceKind(services, uniqueid);
  if (!kind) throw new DeconzError({ type: 3, address, params: { path: address } });
  const body = await parseBody(c.req.raw, deviceSchema, { base: address });
  let armmask = 'none';
  if (body.armmask !== undefined) {
    const normalised = normaliseArmmask(body.armmask);
    if (!normalised) throw new DeconzError({ type: 7, address: `${address}/armmask`, params: { name: 'armmask', value: body.armmask } });
    armmask = normalised;
  } else if (!kind.keypad) {
    throw new DeconzError({ type: 5, address: `${address}/armmask`, description: 'missing parameter, armmask' });
  }
  let trigger: string | null = null;
  if (armmask !== 'none') {
    trigger = body.trigger ?? kind.defaultTrigger ?? null;
    if (!trigger) throw new DeconzError({ type: 5, address: `${address}/trigger`, description: 'missing parameter, trigger' });
    if (!kind.triggers.includes(trigger)) throw new DeconzError({ type: 7, address: `${address}/trigger`, params: { name: 'trigger', value: trigger } });
  }
  await services.alarms.setDevice({ uniqueid, alarmsystem: record.id, armmask, trigger });
  c.get('logger').info({ alarmsystem: record.id, device: uniqueid, armmask, trigger }, 'alarm system member set');
  return sendJson(c, [{ success: { added: address } }]);
}

/** `DELETE /alarmsystems/<id>/device/<uniqueid>`: the sensor or light itself stays. */
export async function removeAlarmDevice(c: Context<AppEnv>): Promise<Response> {
  const record = findAlarmSystem(c);
  const uniqueid = c.req.param('uniqueid') ?? '';
  const address = `/alarmsystems/${record.id}/device/${uniqueid}`;
  const services = c.get('services');
  if (services.alarms.member(uniqueid)?.alarmsystem !== record.id) throw new DeconzError({ type: 3, address, params: { path: address } });
  await services.alarms.removeDevice(uniqueid);
  c.get('logger').info({ alarmsystem: record.id, device: uniqueid }, 'alarm system member removed');
  return sendJson(c, [{ success: { removed: address } }]);
}
