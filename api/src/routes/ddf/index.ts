import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { listDescriptors } from './descriptors';
import { getBundle } from './get-bundle';
import { uploadBundle } from './upload';

/** Mounted at `/api/<key>/ddf`: DDF bundle descriptors, downloads and uploads. */
export const ddfRoutes = new Hono<AppEnv>().get('/descriptors', listDescriptors).get('/bundles/:hash', getBundle).post('/bundles', uploadBundle);
