import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { JSON_CONTENT_TYPE, sendJson } from '../../lib/respond';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { generateDdf } from '../../resources/devices/ddf/generate';
import { DeconzError } from '@herdgate/shared/errors';
import { findDevice } from './lookup';

/**
 * `GET /devices/<mac>/ddf` and `/ddffull` (identical, as in deCONZ): the description the device
 * follows under its policy: the uploaded bundle's main DDF, else the one generated from what the
 * bridge knows. deCONZ keeps the DDF's own key order here, so this body is not sorted.
 */
export function getDdf(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const { mac, entry } = findDevice(services, c.req.param('mac') ?? '', c.req.path.endsWith('full') ? '/ddffull' : '/ddf');
  const ddf = services.devices.bundleFor(mac)?.ddf ?? generateDdf(entry.description);
  return c.body(JSON.stringify(ddf), 200, { 'Content-Type': JSON_CONTENT_TYPE });
}

/**
 * `PUT /devices/<mac>/ddf/reload`: the bridge reads the device's identity again, re-applies its
 * binds and reporting and reads every item back (new descriptions and states follow). Answers once
 * the device answered; bridge away 950.
 */
export async function reloadDdf(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { mac, entry } = findDevice(services, c.req.param('mac') ?? '', '/ddf/reload');
  const address = `/devices/${mac}/ddf/reload`;
  const outcome = await services.bridge.request('device/reload', { ieee: entry.description.ieee });
  if (outcome.status === 'error') {
    const failure = mapBridgeFailure(outcome.code, outcome.message, address);
    throw new DeconzError(failure.error, { status: failure.status === 200 ? 503 : failure.status });
  }
  return sendJson(c, [{ success: { reload: mac } }]);
}
