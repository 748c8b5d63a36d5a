import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

/** `POST /lights`: open the network for new lights for `networkopenduration` seconds (deconz-behavior §10). */
export async function searchLights(c: Context<AppEnv>): Promise<Response> {
  const seconds = await c.get('services').gateway.search();
  return sendJson(c, [{ success: { '/lights': 'Searching for new devices', '/lights/duration': seconds } }]);
}
