import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

/**
 * `POST /networkmap`: starts a scan of every router's neighbour table and answers at once; progress
 * and the finish arrive as WebSocket events. A scan already running is 503 type 951 (busy); no
 * bridge is 503 type 950 (not connected).
 */
export function startNetworkMapScan(c: Context<AppEnv>): Response {
  const outcome = c.get('services').networkMap.startScan();
  if (!outcome.ok) {
    throw new DeconzError(outcome.busy ? { type: 951, address: '/networkmap' } : { type: 950, address: '/networkmap' });
  }
  return sendJson(c, [{ success: { '/networkmap/scanstate': 'scanning' } }]);
}
