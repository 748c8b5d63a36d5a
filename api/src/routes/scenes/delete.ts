import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { requireModified, requireScene } from './lookup';

/** `DELETE …/scenes/<sid>`: off the devices (best effort for absent ones) and out of the database. */
export async function deleteScene(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { group, scene, path } = requireScene(c);
  const outcome = await services.bridge.request('scene/remove', { group: Number(group.record.id), scene: Number(scene.sceneId) });
  if (outcome.status === 'error')
    c.get('logger').warn({ group: group.record.id, scene: scene.sceneId, reason: outcome.message }, 'scene stays on some devices');
  requireModified(await services.scenes.remove(group.record.id, scene.sceneId), path);
  return sendJson(c, [{ success: { id: scene.sceneId } }]);
}
