import { DeconzError, type ErrorItemInput } from '@herdgate/shared/errors';
import type { Services } from '../../services/types';
import { mapBridgeFailure } from '../../resources/bridge-outcome';

/**
 * Write a group's membership to the devices (Zigbee groups cluster) through bridge requests and
 * return the member list that is really true afterwards, plus an error per light that refused.
 */
export async function writeMembership(services: Services, groupId: string, before: readonly string[], wanted: readonly string[]) {
  const members = [...before];
  const errors: ErrorItemInput[] = [];
  const address = `/groups/${groupId}/lights`;
  for (const id of [...before.filter((l) => !wanted.includes(l)), ...wanted.filter((l) => !before.includes(l))]) {
    const light = services.lights.get(id);
    const adding = !before.includes(id);
    if (!light) {
      if (!adding) members.splice(members.indexOf(id), 1);
      continue;
    }
    const name = adding ? 'group/add_member' : 'group/remove_member';
    const outcome = await services.bridge.request(name, { group: Number(groupId), ieee: light.row.ieee, endpoint: light.row.endpoint });
    if (outcome.status === 'error') {
      errors.push(mapBridgeFailure(outcome.code, `${name} ${id}: ${outcome.message}`, address, `/lights/${id}/state`).error);
      continue;
    }
    if (adding) members.push(id);
    else members.splice(members.indexOf(id), 1);
  }
  const added = members.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !members.includes(id));
  return { members: inOrder(members, wanted), added, removed, errors };
}

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

function inOrder(members: string[], wanted: readonly string[]): string[] {
  const order = new Map(wanted.map((id, index) => [id, index]));
  return members.sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
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
  return new DeconzError(away.map((light) => {
    const path = `/lights/${light.row.id}/state`;
    return { type: 202, address: path, params: { path } };
  }), { status: 503 });
}
