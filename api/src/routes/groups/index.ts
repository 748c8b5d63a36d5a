import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { sceneRoutes } from '../scenes/group-scenes';
import { groupAction } from './action';
import { createGroup } from './create';
import { deleteGroup } from './delete';
import { getGroup, getGroups } from './get';
import { updateGroup } from './update';

/** Mounted at `/api/<key>/groups`; scenes live under `/groups/<id>/scenes`. */
export const groupsRoutes = new Hono<AppEnv>()
  .get('/', getGroups)
  .post('/', createGroup)
  .get('/:id', getGroup)
  .on(['PUT', 'PATCH'], '/:id', updateGroup)
  .on(['PUT', 'PATCH'], '/:id/action', groupAction)
  .delete('/:id', deleteGroup)
  .route('/:id/scenes', sceneRoutes);
