import { DeconzError } from '@herdgate/shared/errors';
import type { Services } from '../../context';
import { inOrder, type MembershipDeps } from '../../resources/groups/write-membership';

/** What `writeMembership` needs, from the services. */
export const membershipDeps = (services: Services): MembershipDeps => ({ lights: services.lights, bridge: services.bridge, doubts: services.groups.doubts });

export interface MembershipChange {
  added: readonly string[];
  removed: readonly string[];
}

/**
 * The stored member list after a membership write: what the devices took applied to the committed
 * list (which may have moved while the devices were asked), in the order the client gave.
 */
export function mergeMembership(current: readonly string[], change: MembershipChange, wanted: readonly string[]): string[] {
  const members = current.filter((id) => !change.removed.includes(id));
  for (const id of change.added) if (!members.includes(id)) members.push(id);
  return inOrder(members, wanted);
}

/** Light ids in a body that name no light: deCONZ answers error 7 for them. */
export function unknownLights(services: Services, ids: readonly string[]): string[] {
  return ids.filter((id) => !services.lights.get(id));
}

/**
 * The spec's 503 for group membership: lights join or leave a group on the devices, so a change
 * needs the bridge and every light it touches reachable. Refused as a whole, before anything is
 * written: 950 with the bridge away, else one 202 per unreachable light. A lamp that is gone for
 * good still leaves its groups through `DELETE /lights/<id>/groups` or `DELETE /lights/<id>`.
 */
export function membershipRefusal(services: Services, groupId: string, before: readonly string[], wanted: readonly string[]): DeconzError | undefined {
  const changing = [...before.filter((l) => !wanted.includes(l)), ...wanted.filter((l) => !before.includes(l))]
    .map((id) => services.lights.get(id))
    .filter((light) => light !== undefined);
  if (changing.length === 0) return undefined;
  if (!services.bridge.connected()) return new DeconzError({ type: 950, address: `/groups/${groupId}/lights` });
  const away = changing.filter((light) => light.state.reachable === false);
  if (away.length === 0) return undefined;
  return new DeconzError(
    away.map((light) => {
      const path = `/lights/${light.row.id}/state`;
      return { type: 202, address: path, params: { path } };
    }),
    { status: 503 },
  );
}
