import type { Logger } from 'pino';
import type { BridgeLink } from '../../services/bridge-link';
import type { LightsModel } from '../lights/lights-model';
import type { GroupsModel } from './groups-model';
import { writeMembership } from './write-membership';

export interface RepairDeps {
  bridge: BridgeLink;
  groups: GroupsModel;
  lights: LightsModel;
  logger: Logger;
}

/**
 * Whenever the bridge comes (back) online, and at start, assert every doubted group membership again to what
 * the gateway stores, so a membership request lost with a crashed bridge does not leave a device
 * in a group the gateway does not list (or out of one it lists). Returns the unsubscribe.
 */
export function repairMembershipsOnReconnect(deps: RepairDeps): () => void {
  const log = deps.logger.child({ module: 'group-membership-repair' });
  const { doubts } = deps.groups;
  const repair = (group: string) =>
    doubts.exclusive(group, async () => {
      const entry = deps.groups.get(group);
      if (!entry || entry === deps.groups.all) return doubts.forget(group);
      const lights = entry.record.lights;
      const { errors } = await writeMembership({ lights: deps.lights, bridge: deps.bridge, doubts }, group, lights, lights);
      if (errors.length > 0) log.warn({ group, errors: errors.length, doubted: doubts.of(group) }, 'group memberships still in doubt');
      else log.info({ group }, 'group memberships asserted again after the bridge came back');
    });
  const repairAll = () => {
    for (const group of doubts.groups()) void repair(group).catch((err: unknown) => log.error({ err, group }, 'group membership repair failed'));
  };
  const unsubscribe = deps.bridge.subscribe((event) => {
    if (event.kind === 'bridge-online') repairAll();
  });
  // Doubts kept from before a restart: the bridge may be online already.
  if (deps.bridge.connected()) repairAll();
  return unsubscribe;
}
