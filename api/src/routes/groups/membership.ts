import type { ErrorItemInput } from '@herdgate/shared/errors';
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
  const order = new Map(wanted.map((id, index) => [id, index]));
  members.sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  return { members, errors };
}

/** Light ids in a body that name no light: deCONZ answers error 7 for them. */
export function unknownLights(services: Services, ids: readonly string[]): string[] {
  return ids.filter((id) => !services.lights.get(id));
}
