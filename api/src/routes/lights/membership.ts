import type { Services } from '../../context';
import type { LightEntry } from '../../resources/lights/types';
import type { GroupEntry } from '../../resources/groups/types';

/**
 * Take a light out of groups: on the device first (best effort: a device that is away keeps a
 * stale membership, which only matters if it rejoins), then in the group records.
 */
export async function leaveGroups(services: Services, light: LightEntry, groups: readonly GroupEntry[]): Promise<void> {
  const id = light.row.id;
  for (const group of groups) {
    const outcome = await services.bridge.request('group/remove_member', {
      group: Number(group.record.id),
      ieee: light.row.ieee,
      endpoint: light.row.endpoint,
    });
    if (outcome.status === 'error') services.logger.warn({ light: id, group: group.record.id, reason: outcome.message }, 'device kept its group membership');
    await services.groups.modify(group, (current) => ({
      ...current,
      lights: current.lights.filter((l) => l !== id),
      lightsequence: current.lightsequence.filter((l) => l !== id),
    }));
  }
}

/**
 * Drop a light from every stored scene: on the device (ZCL remove scene on that member only; best
 * effort, as for groups) and in the gateway's copy.
 */
export async function leaveScenes(services: Services, light: LightEntry): Promise<void> {
  const id = light.row.id;
  for (const scene of services.scenes.withLight(id)) {
    const outcome = await services.bridge.request('scene/remove', {
      group: Number(scene.groupId),
      scene: Number(scene.sceneId),
      ieee: light.row.ieee,
      endpoint: light.row.endpoint,
    });
    if (outcome.status === 'error')
      services.logger.warn({ light: id, group: scene.groupId, scene: scene.sceneId, reason: outcome.message }, 'device kept its scene');
    await services.scenes.modify(scene.groupId, scene.sceneId, (current) => ({ ...current, lights: current.lights.filter((l) => l.id !== id) }));
  }
}
