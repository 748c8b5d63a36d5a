import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { configEtag } from './etag';
import { sendJson } from '../../lib/respond';

/**
 * `POST /config/update`: the newest herdgate version the gateway knows of (from the npm registry
 * when reachable, within a few seconds; the running version otherwise). Nothing is installed: the
 * config's `swupdate`/`swupdate2` say whether an update exists and how to get it.
 */
export async function checkForUpdate(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const newest = await services.gateway.checkForUpdate();
  c.header('ETag', configEtag(services));
  return sendJson(c, [{ success: { '/config/update': newest } }]);
}

/**
 * `POST /config/updatefirmware`: the radio firmware is updated by the bridge where it can do so
 * safely (the virtual radio); a real adapter answers 503 naming the vendor's flashing tool.
 */
export async function updateFirmware(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const firmware = await services.gateway.updateFirmware();
  c.header('ETag', configEtag(services));
  return sendJson(c, [{ success: { '/config/updatefirmware': firmware } }]);
}
