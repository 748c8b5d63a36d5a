import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

/** How long a device search keeps the network open (deCONZ answers with this duration). */
const SEARCH_SECONDS = 60;

/** `POST /sensors` without a body: open the network for new devices, as deCONZ's sensor search does. */
export async function searchSensors(c: Context<AppEnv>): Promise<Response> {
  await c.get('services').radioControl.setPermitJoin(SEARCH_SECONDS);
  return sendJson(c, [{ success: { '/sensors': 'Searching for new devices', '/sensors/duration': SEARCH_SECONDS } }]);
}
