import type { Logger } from 'pino';
import type { Store } from '../../store/types';
import { readLiveGroup, updateLiveGroup } from '../groups/group-rows';
import type { GroupsModel } from '../groups/groups-model';
import type { GroupEntry, GroupRecord } from '../groups/types';
import { markLightRowsDeleted } from '../lights/light-rows';
import type { LightsModel } from '../lights/lights-model';
import { rewriteSceneRow, type ScenesModel } from '../scenes/scenes-model';
import type { SceneRecord } from '../scenes/types';
import { markSensorRowsDeleted } from '../sensors/repository';
import type { SensorsModel } from '../sensors';
import { groupHolds, groupWithout, sceneWithout, type Departure } from './plan';

export interface ForgetDeps {
  store: Store;
  lights: LightsModel;
  sensors: SensorsModel;
  groups: GroupsModel;
  scenes: ScenesModel;
  logger: Logger;
}

/**
 * Removes what devices that left the network leave behind, in one transaction: their lights and
 * sensors marked deleted (the rows stay, so a device that pairs again gets its ids back), the
 * lights out of every group and scene, the sensors out of every group's `devicemembership`. Memory
 * and the WebSocket events (`deleted` per light and sensor, `changed` per group) follow the commit,
 * groups first, so a light's `deleted` finds no group left to write.
 */
export async function forgetDeparted(deps: ForgetDeps, departure: Departure): Promise<void> {
  if (departure.lights.length === 0 && departure.sensors.length === 0) return;
  const lights = new Set(departure.lights);
  const sensors = new Set(departure.sensors);
  const groups = deps.groups.live().filter((entry) => groupHolds(entry.record, lights, sensors));
  const scenes = new Map<string, SceneRecord>();
  for (const id of lights) for (const scene of deps.scenes.withLight(id)) scenes.set(`${scene.groupId}/${scene.sceneId}`, scene);
  await deps.store.write(
    async (tx) => {
      await markLightRowsDeleted(tx, departure.lights);
      await markSensorRowsDeleted(tx, departure.sensors);
      const changedGroups: [GroupEntry, GroupRecord][] = [];
      for (const entry of groups) {
        const current = await readLiveGroup(tx, entry.record.id);
        if (!current) continue;
        const next = groupWithout(current, lights, sensors);
        await updateLiveGroup(tx, next);
        changedGroups.push([entry, next]);
      }
      const changedScenes: SceneRecord[] = [];
      for (const scene of scenes.values()) {
        const next = await rewriteSceneRow(tx, scene.groupId, scene.sceneId, (current) => sceneWithout(current, lights));
        if (next) changedScenes.push(next);
      }
      return { changedGroups, changedScenes };
    },
    ({ changedGroups, changedScenes }) => {
      for (const [entry, record] of changedGroups) deps.groups.applyCommitted(entry, record);
      for (const scene of changedScenes) deps.scenes.applyCommitted(scene);
      deps.sensors.forgetCommitted(departure.sensors);
      deps.lights.forgetCommitted(departure.lights);
    },
  );
  deps.logger.info(
    { devices: departure.ieees, lights: departure.lights, sensors: departure.sensors, groups: groups.map((g) => g.record.id), scenes: scenes.size },
    'removed the resources of devices that left the network',
  );
}
