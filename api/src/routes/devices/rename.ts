import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { followDeviceName } from '../../resources/devices/follow-name';
import { findDevice } from './lookup';
import { renameDeviceSchema } from './schemas';

/**
 * `PUT|PATCH /devices/<mac>` `{name}` (herdgate extension): the bridge keeps the device's name
 * (written to its data directory before it answers); the device's lights and sensors that still
 * carry the name they got from it follow, each committed before this answers. The device's
 * `changed` event carries the new `name`, and each follower its own event.
 */
export async function renameDevice(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { mac, entry } = findDevice(services, c.req.param('mac') ?? '');
  const base = `/devices/${mac}`;
  const { name } = await parseBody(c.req.raw, renameDeviceSchema, { base });
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address: base });
  const before = entry.description.name;
  const outcome = await services.bridge.request('device/rename', { ieee: entry.description.ieee, name });
  if (outcome.status === 'error') {
    const failure = mapBridgeFailure(outcome.code, outcome.message, base);
    throw new DeconzError(failure.error, { status: failure.status === 200 ? 503 : failure.status });
  }
  services.devices.applyName(mac, name);
  await followDeviceName(services, entry.description, before, name);
  c.get('logger').info({ device: mac, name }, 'device renamed');
  return sendJson(c, [{ success: { [`${base}/name`]: name } }]);
}
