import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendTagged } from '../../lib/respond';
import { createSchedule } from './create';
import { deleteSchedule } from './delete';
import { getSchedule } from './get';
import { listSchedules } from './list';
import { updateSchedule } from './update';

/** Mounted at `/api/<key>/schedules`. */
export const schedulesRoutes = new Hono<AppEnv>()
  .get('/', (c) => sendTagged(c, currentEtag(c.get('services')), () => listSchedules(c.get('services'))))
  .post('/', createSchedule)
  .get('/:id', getSchedule)
  .on(['PUT', 'PATCH'], '/:id', updateSchedule)
  .delete('/:id', deleteSchedule);
