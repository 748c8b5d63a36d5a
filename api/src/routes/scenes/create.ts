import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { DEFAULT_SCENE_TRANSITION } from '../../resources/scenes/types';
import { requireGroup } from '../groups/lookup';
import { storeOnDevices } from './capture-group';
import { createSceneSchema } from './schemas';

/**
 * `POST /groups/<gid>/scenes`: the members' current states become the scene, on the devices and
 * in the database. An existing name stores the current state into that scene (gateway-rest-api).
 */
export async function createScene(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const group = requireGroup(c, '/scenes');
  const base = `/groups/${c.req.param('id')}/scenes`;
  const input = await parseBody(c.req.raw, createSceneSchema, { base, jsonAddress: base });
  const existing = services.scenes.byName(group.record.id, input.name);
  const sceneId = existing?.sceneId ?? services.scenes.freeId(group.record.id);
  if (!sceneId) throw new DeconzError({ type: 402, address: base, params: { name: group.record.name }, description: 'Could not create scene. Scene table of the group is full.' }, { status: 400 });
  const lights = await storeOnDevices(services, group, sceneId, DEFAULT_SCENE_TRANSITION, base);
  await services.scenes.save({ groupId: group.record.id, sceneId, name: input.name, transitiontime: DEFAULT_SCENE_TRANSITION, lights });
  return sendJson(c, [{ success: { id: sceneId } }]);
}
