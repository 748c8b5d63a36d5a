import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { DEFAULT_ACTION } from '../../resources/groups/types';
import { writeMembership } from '../../resources/groups/write-membership';
import { membershipDeps, mergeMembership, unknownLights } from './membership';
import { createGroupSchema } from './schemas';

/**
 * `POST /groups`. As the spec says, an existing name creates nothing and answers the existing id.
 * The id is the Zigbee group address, the smallest never used (deconz-behavior §11), chosen by the
 * store transaction that inserts the group.
 */
export async function createGroup(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, createGroupSchema, { base: '/groups', jsonAddress: '/groups' });
  const bad = unknownLights(services, input.lights ?? []);
  if (bad.length > 0) throw new DeconzError({ type: 7, address: '/groups/lights', params: { name: 'lights', value: bad[0]! } });
  const type = input.type ?? 'LightGroup';
  const outcome = await services.groups.create({
    name: input.name,
    type,
    class: type === 'Room' ? (input.class ?? 'Other') : null,
    hidden: input.hidden ?? false,
    lights: [],
    lightsequence: [],
    multideviceids: [],
    devicemembership: [],
    action: { ...DEFAULT_ACTION },
    deleted: false,
  });
  if (!outcome) throw new DeconzError({ type: 301, address: '/groups' });
  const { entry, created } = outcome;
  const id = entry.record.id;
  if (!created) return sendJson(c, [{ success: { id } }]);
  const lights = input.lights ?? [];
  if (lights.length > 0) {
    await services.groups.doubts.exclusive(id, async () => {
      const result = await writeMembership(membershipDeps(services), id, [], lights);
      await services.groups.modify(entry, (current) => ({ ...current, lights: mergeMembership(current.lights, result, lights) }));
    });
  }
  c.get('logger').info({ group: id }, 'group created');
  return sendJson(c, [{ success: { id } }]);
}
