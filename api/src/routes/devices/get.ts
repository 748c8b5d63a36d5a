import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { findDevice } from './lookup';

/** `GET /devices`: the MAC of every paired device (an array, unlike every other collection). */
export function listDevices(c: Context<AppEnv>): Response {
  return sendJson(c, c.get('services').devices.macs());
}

/** `GET /devices/<mac>`: the Device object, from memory. */
export function getDevice(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const { mac } = findDevice(services, c.req.param('mac') ?? '');
  return sendJson(c, services.devices.view(mac));
}
