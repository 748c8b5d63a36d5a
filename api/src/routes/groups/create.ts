import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { DEFAULT_ACTION, type GroupRecord } from '../../resources/groups/types';
import { unknownLights, writeMembership } from './membership';
import { createGroupSchema } from './schemas';

/**
 * `POST /groups`. As the spec says, an existing name creates nothing and answers the existing id.
 * The id is the Zigbee group address, the smallest never used (deconz-behavior §11).
 */
export async function createGroup(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, createGroupSchema, { base: '/groups', jsonAddress: '/groups' });
  const existing = services.groups.live().find((g) => g.record.name === input.name);
  if (existing) return sendJson(c, [{ success: { id: existing.record.id } }]);
  const bad = unknownLights(services, input.lights ?? []);
  if (bad.length > 0) throw new DeconzError({ type: 7, address: '/groups/lights', params: { name: 'lights', value: bad[0]! } });
  const id = services.groups.freeAddress();
  if (!id) throw new DeconzError({ type: 301, address: '/groups' });
  const type = input.type ?? 'LightGroup';
  const record: GroupRecord = {
    id, name: input.name, type, class: type === 'Room' ? (input.class ?? 'Other') : null, hidden: input.hidden ?? false,
    lights: [], lightsequence: [], multideviceids: [], devicemembership: [], action: { ...DEFAULT_ACTION }, deleted: false,
  };
  const entry = await services.groups.create(record);
  if (input.lights?.length) {
    const { members } = await writeMembership(services, id, [], input.lights);
    await services.groups.update(entry, { ...entry.record, lights: members });
  }
  c.get('logger').info({ group: id }, 'group created');
  return sendJson(c, [{ success: { id } }]);
}
