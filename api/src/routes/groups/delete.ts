import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { Logger } from 'pino';
import type { AppEnv, Services } from '../../context';
import type { GroupEntry } from '../../resources/groups/types';
import { sendJson } from '../../lib/respond';
import { requireGroup } from './lookup';
import { writeMembership } from '../../resources/groups/write-membership';
import { membershipDeps, membershipRefusal } from './membership';

/**
 * `DELETE /groups/<id>`: members leave the Zigbee group and its scenes are removed from the
 * devices, then the group is gone from GET at once. Members must be reachable and the bridge
 * there (503, nothing deleted); a device that stops answering midway keeps a stale membership.
 */
export async function deleteGroup(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireGroup(c);
  const id = entry.record.id;
  if (entry === services.groups.all) throw new DeconzError({ type: 3, address: '/groups/0', params: { path: '/groups/0' } });
  await removeGroup(services, entry, c.get('logger'));
  return sendJson(c, [{ success: { id } }]);
}

/** The deletion itself, also asked for by the bridge (its Zigbee2MQTT API's `group/remove`). */
export async function removeGroup(services: Services, entry: GroupEntry, logger: Logger): Promise<void> {
  const id = entry.record.id;
  const refusal = membershipRefusal(services, id, entry.record.lights, []);
  if (refusal) throw refusal;
  if (services.scenes.ofGroup(id).length > 0 && !services.bridge.connected()) throw new DeconzError({ type: 950, address: `/groups/${id}` });
  const { errors } = await services.groups.doubts.exclusive(id, () => writeMembership(membershipDeps(services), id, entry.record.lights, []));
  if (errors.length > 0) logger.warn({ group: id, errors }, 'some devices kept the group membership');
  if (services.scenes.ofGroup(id).length > 0) {
    const removed = await services.bridge.request('scene/remove', { group: Number(id) });
    if (removed.status === 'error') logger.warn({ group: id, reason: removed.message }, 'scenes stay on some devices');
  }
  // A create still capturing checks the group when it commits, so its scene is not stored.
  await services.scenes.remove(id);
  // The group is gone: its devices are not asserted again (a failed leave stays, as for lights).
  await services.groups.doubts.forget(id);
  if (!(await services.groups.remove(entry))) throw new DeconzError({ type: 3, address: `/groups/${id}`, params: { path: `/groups/${id}` } });
}
