import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { getNetworkMap } from './get';
import { startNetworkMapScan } from './start-scan';

/** Mounted at `/api/<key>/networkmap` (a herdgate extension: the radio's neighbour tables). */
export const networkmapRoutes = new Hono<AppEnv>().get('/', getNetworkMap).post('/', startNetworkMapScan);
