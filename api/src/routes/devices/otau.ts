import type { Context } from 'hono';
import { DeconzError, type ErrorItemInput } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { parseBody } from '../../lib/validate';
import { sendJson } from '../../lib/respond';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { otauView } from '../../resources/devices/otau-view';
import { findDevice } from './lookup';
import { otauActionSchema } from './schemas';

/** Long enough for an awake device to answer the image notify (herdsman waits 60 s) and accept the image. */
const OTA_REQUEST_TIMEOUT_MS = 90_000;

/** The OTA outcomes as deCONZ errors: no image and no OTA client are "not available", a running update "busy". */
function otaFailure(code: string, message: string, address: string): { error: ErrorItemInput; status: number } {
  if (code === 'no_image')
    return { error: { type: 3, address, params: { path: address }, description: `resource, ${address}, not available (${message})` }, status: 404 };
  if (code === 'not_supported')
    return { error: { type: 3, address, params: { path: address }, description: `resource, ${address}, not available (${message})` }, status: 404 };
  if (code === 'refused' || code === 'transfer_failed' || code === 'aborted')
    return { error: { type: 901, address, params: { reason: `${code}: ${message}` } }, status: 503 };
  return mapBridgeFailure(code, message, address);
}

/**
 * `POST /devices/<mac>/otau` (a herdgate extension) with `{"action": "check"|"update"|"schedule"|
 * "unschedule"|"abort"}`. `check` answers once the device said what it runs; `update` once the
 * device took the image and the transfer began (a sleepy device's is scheduled for its next
 * check-in); progress then arrives as `changed` events and in `GET /devices/<mac>`.
 */
export async function otauAction(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const raw = c.req.param('mac') ?? '';
  const { entry } = findDevice(services, raw, '/otau');
  const address = `/devices/${raw}/otau`;
  const { action } = await parseBody(c.req.raw, otauActionSchema, { base: address });
  if (!services.bridge.deviceOta(entry.description.ieee)) {
    throw new DeconzError(
      { type: 3, address, params: { path: address }, description: `resource, ${address}, not available (the device has no OTA client)` },
      { status: 404 },
    );
  }
  const outcome = await services.bridge.request('device/ota', { ieee: entry.description.ieee, action }, OTA_REQUEST_TIMEOUT_MS);
  if (outcome.status === 'error') {
    const failure = otaFailure(outcome.code, outcome.message, address);
    throw new DeconzError(failure.error, { status: failure.status });
  }
  const otau = otauView(outcome.data.ota);
  return sendJson(c, [{ success: { [`${address}/action`]: action } }, { success: { [`${address}/state`]: otau.state } }]);
}
