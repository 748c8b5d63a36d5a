import { DeconzError } from '@herdgate/shared/errors';
import type { Services } from '../../context';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import type { GroupEntry } from '../../resources/groups/types';
import { captureLight } from '../../resources/scenes/capture';
import type { SceneLight } from '../../resources/scenes/types';

/**
 * Store the group's current state as scene `sceneId` on the devices (one Zigbee store scene to the
 * group) and return what the gateway records: each reachable member's current state.
 */
export async function storeOnDevices(services: Services, group: GroupEntry, sceneId: string, transitiontime: number, address: string): Promise<SceneLight[]> {
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address });
  const outcome = await services.bridge.request('scene/store', { group: Number(group.record.id), scene: Number(sceneId), transitiontime });
  if (outcome.status === 'error') {
    const failure = mapBridgeFailure(outcome.code, outcome.message, address);
    throw new DeconzError(failure.error.type === 202 ? { type: 901, address, params: { reason: outcome.message } } : failure.error, {
      status: failure.status === 200 ? 503 : failure.status,
    });
  }
  const lights: SceneLight[] = [];
  for (const id of group.record.lights) {
    const light = services.lights.get(id);
    if (light && light.state.reachable !== false) lights.push(captureLight(id, light.state, transitiontime));
  }
  return lights;
}
