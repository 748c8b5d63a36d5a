import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { deleteLight, deleteLightGroups, deleteLightScenes } from './delete';
import { getLight, getLights } from './get';
import { updateLight } from './update';
import { searchLights } from './search';
import { setLightConfig } from './set-config';
import { setLightState } from './set-state';

/** Mounted at `/api/<key>/lights`. */
export const lightsRoutes = new Hono<AppEnv>()
  .get('/', getLights)
  .post('/', searchLights)
  .get('/:id', getLight)
  .on(['PUT', 'PATCH'], '/:id/state', setLightState)
  .on(['PUT', 'PATCH'], '/:id/config', setLightConfig)
  .on(['PUT', 'PATCH'], '/:id', updateLight)
  .delete('/:id', deleteLight)
  .delete('/:id/groups', deleteLightGroups)
  .delete('/:id/scenes', deleteLightScenes);
