import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { networkMapView } from './view';

/** `GET /networkmap`: the last scan's nodes and links from memory (`scannedat` null before the first). */
export function getNetworkMap(c: Context<AppEnv>): Response {
  return sendJson(c, networkMapView(c.get('services')));
}
