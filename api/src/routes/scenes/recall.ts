import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sceneCalledEvent } from '../../events';
import { sendJson } from '../../lib/respond';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { recalledItems } from '../../resources/scenes/recalled-items';
import { optionalObject, requireScene } from './lookup';

/**
 * `PUT …/scenes/<sid>/recall`: one Zigbee recall to the group, so the lamps change together;
 * members that are away are simply not affected. `scene-called` follows the reply (an improvement
 * the spec asks for: deCONZ only emits it for switches).
 */
export async function recallScene(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { group, scene, path } = requireScene(c, '/recall');
  await optionalObject(c.req.raw, `${path}/recall`);
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address: `${path}/recall` });
  const outcome = await services.bridge.request('scene/recall', { group: Number(group.record.id), scene: Number(scene.sceneId) });
  if (outcome.status === 'error') {
    const failure = mapBridgeFailure(outcome.code, outcome.message, `${path}/recall`);
    throw new DeconzError(failure.error, { status: failure.status === 200 ? 503 : failure.status });
  }
  for (const stored of scene.lights) {
    const light = services.lights.get(stored.id);
    if (!light || light.state.reachable === false) continue;
    services.lights.show(light, recalledItems(stored));
  }
  await services.groups.modify(group, (current) => ({ ...current, action: { ...current.action, scene: scene.sceneId } }));
  setTimeout(() => services.events.publish(sceneCalledEvent({ gid: group.record.id, scid: scene.sceneId })), 0);
  return sendJson(c, [{ success: { id: scene.sceneId } }]);
}
