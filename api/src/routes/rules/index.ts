import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendTagged } from '../../lib/respond';
import { createRule } from './create';
import { deleteRule } from './delete';
import { getRule } from './get';
import { listRules } from './list';
import { updateRule } from './update';

/** Mounted at `/api/<key>/rules`. */
export const rulesRoutes = new Hono<AppEnv>()
  .get('/', (c) => sendTagged(c, currentEtag(c.get('services')), () => listRules(c.get('services'))))
  .post('/', createRule)
  .get('/:id', getRule)
  // The spec writes the update path with a trailing slash; accept both.
  .on(['PUT', 'PATCH'], ['/:id', '/:id/'], updateRule)
  .delete('/:id', deleteRule);
