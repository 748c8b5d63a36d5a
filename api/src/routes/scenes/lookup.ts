import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { readBodyText } from '../../lib/read-body';
import { parseJsonObject } from '../../lib/validate';
import type { SceneRecord } from '../../resources/scenes/types';
import { requireGroup } from '../groups/lookup';

/** The group and scene a route addresses, or 404 type 3 at the scene's path. */
export function requireScene(c: Context<AppEnv>, suffix = '') {
  const group = requireGroup(c, `/scenes/${c.req.param('sid')}${suffix}`);
  const sid = c.req.param('sid') ?? '';
  const scene: SceneRecord | undefined = c.get('services').scenes.get(group.record.id, sid);
  const path = `/groups/${c.req.param('id')}/scenes/${sid}`;
  if (!scene) throw sceneNotFound(path + suffix);
  return { group, scene, path };
}

/** 404 type 3 at a scene path; also for a scene deleted while a request on it ran. */
export function sceneNotFound(path: string): DeconzError {
  return new DeconzError({ type: 3, address: path, params: { path } });
}

/** A scene write found its scene gone: answer as if it had never been there. */
export function requireModified(done: boolean, path: string): void {
  if (!done) throw sceneNotFound(path);
}

/** store/recall bodies are optional (pydeconz sends `{}`); anything present must be a JSON object. */
export async function optionalObject(request: Request, address: string): Promise<Record<string, unknown>> {
  const text = await readBodyText(request, address);
  return text.trim() === '' ? {} : parseJsonObject(text, address);
}
