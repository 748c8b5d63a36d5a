import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { getScan } from './get-scan';
import { identifyTarget, resetTarget } from './act';
import { startScan } from './start-scan';

/** Mounted at `/api/<key>/touchlink`. */
export const touchlinkRoutes = new Hono<AppEnv>()
  .get('/scan', getScan)
  .post('/scan', startScan)
  .post('/:id/identify', identifyTarget)
  .post('/:id/reset', resetTarget);
