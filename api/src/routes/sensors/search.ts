import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

/**
 * `POST /sensors` without a body: open the network for new devices for `networkopenduration`
 * seconds, as deCONZ's sensor search does (a refused permit join is the answer: 950, 951, 901).
 */
export async function searchSensors(c: Context<AppEnv>): Promise<Response> {
  const seconds = await c.get('services').gateway.search();
  return sendJson(c, [{ success: { '/sensors': 'Searching for new devices', '/sensors/duration': seconds } }]);
}
