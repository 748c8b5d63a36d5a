import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

/** `GET /touchlink/scan`: scan state, time of the last finished scan, results by id ("1"…"n"). */
export function getScan(c: Context<AppEnv>): Response {
  return sendJson(c, c.get('services').touchlink.scan());
}
