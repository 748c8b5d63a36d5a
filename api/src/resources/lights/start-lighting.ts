import type { Logger } from 'pino';
import type { EventHub } from '../../events';
import type { BridgeLink } from '../../services/bridge-link';
import type { Store } from '../../store/types';
import { publishGroupEvents } from '../groups/group-events';
import { groupView } from '../groups/group-view';
import { GroupsModel } from '../groups/groups-model';
import { followRemoteGroupCommands } from '../groups/remote-commands';
import { repairMembershipsOnReconnect } from '../groups/repair-memberships';
import { ScenesModel } from '../scenes/scenes-model';
import { publishLightEvents } from './light-events';
import { LightsModel } from './lights-model';

export interface Lighting {
  lights: LightsModel;
  groups: GroupsModel;
  scenes: ScenesModel;
}

export interface StartedLighting extends Lighting {
  /** Detach from the bridge link (a `deleteDB` rebuild, shutdown); resolves once pending updates are applied. */
  close(): Promise<void>;
}

export interface LightingDeps {
  store: Store;
  bridge: BridgeLink;
  events: EventHub;
  logger: Logger;
}

/**
 * Load lights, groups and scenes once, attach them to the bridge link and publish their changes
 * as WebSocket events. The runtime calls it once at start and puts the models on `services`.
 */
export async function startLighting(deps: LightingDeps): Promise<StartedLighting> {
  const logger = deps.logger.child({ module: 'lighting' });
  const lights = new LightsModel({ store: deps.store, link: deps.bridge, logger });
  const groups = new GroupsModel({ store: deps.store, lights, logger });
  const scenes = new ScenesModel(deps.store);
  await scenes.load();
  // A light's own event goes out before the group events it causes, as in deCONZ.
  publishLightEvents({
    lights,
    events: deps.events,
    notifyAll: () => deps.store.settings().websocketnotifyall,
    groupsOf: (id) => groups.groupsOf(id).map((g) => g.record.id),
  });
  await groups.load();
  publishGroupEvents({ groups, events: deps.events, view: (change) => groupView(change.entry, scenes) });
  await lights.load();
  const unfollow = followRemoteGroupCommands({ bridge: deps.bridge, groups, scenes, lights, events: deps.events, logger });
  const unrepair = repairMembershipsOnReconnect({ bridge: deps.bridge, groups, lights, logger });
  return {
    lights,
    groups,
    scenes,
    async close() {
      unfollow();
      unrepair();
      await lights.close();
    },
  };
}
