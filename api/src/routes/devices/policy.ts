import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { parseBody } from '../../lib/validate';
import { sendJson } from '../../lib/respond';
import type { PolicyRecord } from '../../resources/devices/types';
import { findDevice } from './lookup';
import { policySchema } from './schemas';

/**
 * `PUT /devices/<mac>/ddf/policy`: stored (committed before the answer) and followed at once:
 * `ddf_policy`/`ddf_hash` of the Device object and the description `/ddf` answers change with it.
 */
export async function setPolicy(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { mac } = findDevice(services, c.req.param('mac') ?? '', '/ddf/policy');
  const base = `/devices/${mac}/ddf`;
  const body = await parseBody(c.req.raw, policySchema, { base });
  if (body.policy === 'pin' && body.hash === undefined) throw new DeconzError({ type: 5, address: `${base}/hash` });
  const record: PolicyRecord = body.policy === 'pin' ? { policy: 'pin', hash: body.hash!.toLowerCase() } : { policy: body.policy };
  await services.devices.setPolicy(mac, record);
  const answer: unknown[] = [{ success: { [`${base}/policy`]: record.policy } }];
  if (record.hash) answer.push({ success: { [`${base}/hash`]: record.hash } });
  return sendJson(c, answer);
}
