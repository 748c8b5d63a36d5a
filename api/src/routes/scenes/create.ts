import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { DEFAULT_SCENE_TRANSITION } from '../../resources/scenes/types';
import { requireGroup } from '../groups/lookup';
import { storeOnDevices } from './capture-group';
import { requireModified } from './lookup';
import { createSceneSchema } from './schemas';

/**
 * `POST /groups/<gid>/scenes`: the members' current states become the scene, on the devices and
 * in the database. An existing name stores the current state into that scene (gateway-rest-api).
 * A new scene's id is reserved in memory before the (multi-second) capture, so concurrent creates
 * never share one, and the scene is written with its captured lights in one transaction: a crash
 * during the capture leaves no scene without lights. A failed capture gives the id back.
 */
export async function createScene(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const group = requireGroup(c, '/scenes');
  const base = `/groups/${c.req.param('id')}/scenes`;
  const input = await parseBody(c.req.raw, createSceneSchema, { base, jsonAddress: base });
  const transitiontime = DEFAULT_SCENE_TRANSITION;
  const existing = services.scenes.byName(group.record.id, input.name);
  if (existing) {
    const lights = await storeOnDevices(services, group, existing.sceneId, transitiontime, base);
    const done = await services.scenes.modify(existing.groupId, existing.sceneId, (current) => ({ ...current, name: input.name, transitiontime, lights }));
    requireModified(done, `${base}/${existing.sceneId}`);
    return sendJson(c, [{ success: { id: existing.sceneId } }]);
  }
  const scene = services.scenes.reserve(group.record.id, input.name, transitiontime);
  if (!scene)
    throw new DeconzError(
      { type: 402, address: base, params: { name: group.record.name }, description: 'Could not create scene. Scene table of the group is full.' },
      { status: 400 },
    );
  try {
    const lights = await storeOnDevices(services, group, scene.sceneId, transitiontime, base);
    requireModified(await services.scenes.commit({ ...scene, lights }), `${base}/${scene.sceneId}`);
  } finally {
    services.scenes.release(scene);
  }
  return sendJson(c, [{ success: { id: scene.sceneId } }]);
}
