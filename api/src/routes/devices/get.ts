import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { etagWithCounters } from '../../lib/etag';
import { stringifySorted } from '../../events/sorted-json';
import { JSON_CONTENT_TYPE, sendTagged } from '../../lib/respond';
import type { DevicesModel } from '../../resources/devices/devices-model';
import { findDevice } from './lookup';

/**
 * `GET /devices`: the MAC of every paired device (an array, unlike every other collection). Its
 * ETag moves when a device appears or leaves (304 on `If-None-Match`; deCONZ has none here).
 */
export function listDevices(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTagged(c, etagWithCounters(services, [services.devices.listVersion()]), () => services.devices.macs());
}

/** Encoded Device objects per model, valid while its view version stands. */
const rendered = new WeakMap<DevicesModel, { version: number; bodies: Map<string, Uint8Array<ArrayBuffer>> }>();

/** `GET /devices/<mac>`: the Device object, from memory (encoded once per change). */
export function getDevice(c: Context<AppEnv>): Response {
  const { devices } = c.get('services');
  const { mac } = findDevice(c.get('services'), c.req.param('mac') ?? '');
  let cache = rendered.get(devices);
  if (!cache || cache.version !== devices.viewVersion()) rendered.set(devices, (cache = { version: devices.viewVersion(), bodies: new Map() }));
  let body = cache.bodies.get(mac);
  if (!body) cache.bodies.set(mac, (body = new TextEncoder().encode(stringifySorted(devices.view(mac)))));
  return c.body(body, 200, { 'Content-Type': JSON_CONTENT_TYPE });
}
