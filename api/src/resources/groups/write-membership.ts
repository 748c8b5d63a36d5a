import type { ErrorItemInput } from '@herdgate/shared/errors';
import type { BridgeLink } from '../../services/bridge-link';
import { mapBridgeFailure } from '../bridge-outcome';
import type { LightsModel } from '../lights/lights-model';
import type { MembershipDoubts } from './membership-doubts';

export interface MembershipDeps {
  lights: Pick<LightsModel, 'get'>;
  bridge: Pick<BridgeLink, 'request'>;
  doubts: MembershipDoubts;
}

export interface MembershipResult {
  /** The member list that is really true afterwards, in the order of `wanted`. */
  members: string[];
  added: string[];
  removed: string[];
  /** One per light of the change that refused (or whose answer was lost). */
  errors: ErrorItemInput[];
}

/**
 * Write a group's membership to the devices (Zigbee groups cluster) through bridge requests: the
 * lights that change, plus every light whose membership is in doubt (asserted again to `wanted`;
 * its failure is no error of this write). A failed request leaves that membership in doubt; a
 * successful one settles it. Call it inside
 * `doubts.exclusive(groupId, …)`.
 */
export async function writeMembership(deps: MembershipDeps, groupId: string, before: readonly string[], wanted: readonly string[]): Promise<MembershipResult> {
  const members = [...before];
  const errors: ErrorItemInput[] = [];
  const address = `/groups/${groupId}/lights`;
  const changing = [...before.filter((l) => !wanted.includes(l)), ...wanted.filter((l) => !before.includes(l))];
  const doubted = deps.doubts.of(groupId).filter((id) => !changing.includes(id));
  for (const id of [...changing, ...doubted]) {
    const light = deps.lights.get(id);
    const adding = wanted.includes(id);
    if (!light) {
      if (!adding && members.includes(id)) members.splice(members.indexOf(id), 1);
      await deps.doubts.settle(groupId, id);
      continue;
    }
    const name = adding ? 'group/add_member' : 'group/remove_member';
    const outcome = await deps.bridge.request(name, { group: Number(groupId), ieee: light.row.ieee, endpoint: light.row.endpoint });
    if (outcome.status === 'error') {
      await deps.doubts.doubt(groupId, id);
      // A repair the client did not ask for stays a doubt; the stored list already says `wanted`.
      if (doubted.includes(id)) continue;
      errors.push(mapBridgeFailure(outcome.code, `${name} ${id}: ${outcome.message}`, address, `/lights/${id}/state`).error);
      continue;
    }
    await deps.doubts.settle(groupId, id);
    if (adding && !members.includes(id)) members.push(id);
    if (!adding && members.includes(id)) members.splice(members.indexOf(id), 1);
  }
  const added = members.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !members.includes(id));
  return { members: inOrder(members, wanted), added, removed, errors };
}

export function inOrder(members: string[], wanted: readonly string[]): string[] {
  const order = new Map(wanted.map((id, index) => [id, index]));
  return members.sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
}
