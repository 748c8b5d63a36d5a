import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { etagWithCounters } from '../../lib/etag';
import { sendJson, sendTagged } from '../../lib/respond';
import { findDevice } from './lookup';

/**
 * `GET /devices`: the MAC of every paired device (an array, unlike every other collection). Its
 * ETag moves when a device appears or leaves (304 on `If-None-Match`; deCONZ has none here).
 */
export function listDevices(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTagged(c, etagWithCounters(services, [services.devices.listVersion()]), () => services.devices.macs());
}

/** `GET /devices/<mac>`: the Device object, from memory. */
export function getDevice(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const { mac } = findDevice(services, c.req.param('mac') ?? '');
  return sendJson(c, services.devices.view(mac));
}
