import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createScene } from './create';
import { deleteScene } from './delete';
import { getScene, getScenes } from './get';
import { renameScene, setSceneLightState, storeScene } from './modify';
import { recallScene } from './recall';

/** Mounted by the groups module at `/groups/<id>/scenes`. */
export const sceneRoutes = new Hono<AppEnv>()
  .get('/', getScenes)
  .post('/', createScene)
  .get('/:sid', getScene)
  .on(['PUT', 'PATCH'], '/:sid', renameScene)
  .on(['PUT', 'PATCH'], '/:sid/store', storeScene)
  .on(['PUT', 'PATCH'], '/:sid/recall', recallScene)
  .on(['PUT', 'PATCH'], '/:sid/lights/:lid/state', setSceneLightState)
  .delete('/:sid', deleteScene);
