import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import type { ArmMode } from '../../resources/alarmsystems/machine';
import { pinRefusal } from '../../resources/alarmsystems/pin-refusal';
import { findAlarmSystem } from './find';

/**
 * `PUT /alarmsystems/<id>/arm_away|arm_stay|arm_night|disarm` `{"code0"}`: the PIN is checked (and
 * counted towards the lock-out) before anything changes.
 */
export function armRoute(mode: ArmMode) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const record = findAlarmSystem(c);
    const base = `/alarmsystems/${record.id}`;
    const body = await readJsonObject(c.req.raw, base);
    if (body.code0 === undefined) throw new DeconzError({ type: 5, address: `${base}/code0`, description: 'missing parameter, code0' });
    const alarms = c.get('services').alarms;
    const check = await alarms.checkPin(record.id, typeof body.code0 === 'string' ? body.code0 : '', `rest ${c.get('requestId')}`);
    if (!check.ok) throw pinRefusal(record.id, check, c.get('services').clock.now());
    await alarms.requestMode(record.id, mode);
    return sendJson(c, [{ success: { [`${base}/config/armmode`]: mode } }]);
  };
}
