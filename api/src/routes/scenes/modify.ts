import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { parseBody, validateBody } from '../../lib/validate';
import { DEFAULT_SCENE_TRANSITION } from '../../resources/scenes/types';
import { storeOnDevices } from './capture-group';
import { optionalObject, requireModified, requireScene } from './lookup';
import { renameSceneSchema, sceneLightStateSchema, storeSceneSchema } from './schemas';

/** `PUT …/scenes/<sid>`: rename. */
export async function renameScene(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { scene, path } = requireScene(c);
  const input = await parseBody(c.req.raw, renameSceneSchema, { base: path });
  requireModified(await services.scenes.modify(scene.groupId, scene.sceneId, (current) => ({ ...current, name: input.name })), path);
  return sendJson(c, [{ success: { [`${path}/name`]: input.name } }]);
}

/** `PUT …/scenes/<sid>/store`: re-capture; an omitted `transitiontime` resets it to 1 s (deconz-behavior §12). */
export async function storeScene(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { group, scene, path } = requireScene(c, '/store');
  const input = validateBody(storeSceneSchema, await optionalObject(c.req.raw, `${path}/store`), { base: `${path}/store` });
  const transitiontime = input.transitiontime ?? DEFAULT_SCENE_TRANSITION;
  const lights = await storeOnDevices(services, group, scene.sceneId, transitiontime, `${path}/store`);
  requireModified(await services.scenes.modify(scene.groupId, scene.sceneId, (current) => ({ ...current, transitiontime, lights })), `${path}/store`);
  return sendJson(c, [{ success: { id: scene.sceneId } }]);
}

/**
 * `PUT …/scenes/<sid>/lights/<lid>/state`: edit one light's stored state, on the device first (ZCL
 * add scene with the values, through the bridge's `scene/add`) and then in the gateway's copy, so
 * a recall shows what GET shows. When the device cannot take it, the answer is the bridge's error
 * and both copies stay as they were. Success is `[{success: {id: <scene id>}}]`.
 */
export async function setSceneLightState(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { group, scene, path } = requireScene(c);
  const lid = c.req.param('lid') ?? '';
  const base = `${path}/lights/${lid}/state`;
  const index = scene.lights.findIndex((l) => l.id === lid);
  if (index === -1) throw new DeconzError({ type: 3, address: base, description: `Light ${lid} is not available in scene.` }, { status: 400 });
  const input = await parseBody(c.req.raw, sceneLightStateSchema, { base });
  const light = { ...scene.lights[index]! };
  if (input.on !== undefined) light.on = input.on;
  if (input.bri !== undefined) light.bri = Math.min(input.bri, 254);
  if (input.transitiontime !== undefined) light.transitiontime = input.transitiontime;
  if (input.ct !== undefined) Object.assign(light, { ct: input.ct, colormode: 'ct', x: undefined, y: undefined });
  if (input.xy !== undefined) Object.assign(light, { x: input.xy[0], y: input.xy[1], colormode: 'xy', ct: undefined });
  const member = services.lights.get(lid);
  if (member) {
    const colour = light.x !== undefined && light.y !== undefined ? { xy: [light.x, light.y] } : light.ct !== undefined ? { ct: light.ct } : {};
    const outcome = await services.bridge.request('scene/add', {
      group: Number(group.record.id),
      scene: Number(scene.sceneId),
      ieee: member.row.ieee,
      endpoint: member.row.endpoint,
      transitiontime: light.transitiontime,
      state: { on: light.on, bri: light.bri, ...colour },
    });
    if (outcome.status === 'error') {
      const failure = mapBridgeFailure(outcome.code, outcome.message, base);
      throw new DeconzError(failure.error, { status: failure.status === 200 ? 503 : failure.status });
    }
  }
  const stored = JSON.parse(JSON.stringify(light)) as typeof light;
  const done = await services.scenes.modify(scene.groupId, scene.sceneId, (current) => ({
    ...current,
    lights: current.lights.map((l) => (l.id === lid ? stored : l)),
  }));
  requireModified(done, base);
  // The spec's OK-ID with the scene id, as deCONZ answers (not one entry per parameter).
  return sendJson(c, [{ success: { id: scene.sceneId } }]);
}
