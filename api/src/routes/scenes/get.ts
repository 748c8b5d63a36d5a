import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendTagged } from '../../lib/respond';
import { requireGroup } from '../groups/lookup';
import { requireScene } from './lookup';

/** `GET /groups/<gid>/scenes`: `{"<sid>":{"lights":[ids],"name","transitiontime"}}`. */
export function getScenes(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const group = requireGroup(c, '/scenes');
  return sendTagged(c, `"${group.etag}-${services.scenes.version}"`, () => {
    const out: Record<string, unknown> = {};
    for (const scene of services.scenes.ofGroup(group.record.id)) {
      out[scene.sceneId] = { lights: scene.lights.map((l) => l.id), name: scene.name, transitiontime: scene.transitiontime };
    }
    return out;
  });
}

/** `GET /groups/<gid>/scenes/<sid>`: per-light states (deconz-behavior §12; `state` is deprecated). */
export function getScene(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const { group, scene } = requireScene(c);
  return sendTagged(c, `"${group.etag}-${services.scenes.version}"`, () => ({
    lights: scene.lights.map((light) => ({ ...light })),
    name: scene.name,
    state: 0,
  }));
}
