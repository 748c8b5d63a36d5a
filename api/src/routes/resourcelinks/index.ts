import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendTagged } from '../../lib/respond';
import { createResourcelink } from './create';
import { deleteResourcelink } from './delete';
import { getResourcelink } from './get';
import { listResourcelinks } from './list';
import { updateResourcelink } from './update';

/** Mounted at `/api/<key>/resourcelinks`. */
export const resourcelinksRoutes = new Hono<AppEnv>()
  .get('/', (c) => sendTagged(c, currentEtag(c.get('services')), () => listResourcelinks(c.get('services'))))
  .post('/', createResourcelink)
  .get('/:id', getResourcelink)
  .on(['PUT', 'PATCH'], '/:id', updateResourcelink)
  .delete('/:id', deleteResourcelink);
