import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { cachedBody } from '../../lib/body-cache';
import { sendTaggedBytes } from '../../lib/respond';
import { findSensor, sensorsEtag } from './lookup';
import { listSensors } from './list';

/**
 * `GET /sensors`: every sensor keyed by id, with a collection ETag (304 on `If-None-Match`). The
 * encoded body is kept per ETag: every change moves it (store revision or memory counter).
 */
export function getSensors(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const etag = sensorsEtag(services);
  return sendTaggedBytes(c, etag, () => cachedBody(services.sensors, [etag], () => listSensors(services)));
}

/**
 * `GET /sensors/<id>` (an id of 26+ characters is a uniqueid, as in deCONZ). The model replaces a
 * sensor's view object on every change, so the view itself keys its encoded body.
 */
export function getSensor(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const id = c.req.param('id') ?? '';
  const record = findSensor(services, id);
  const sensor = services.sensors.get(record.id)!;
  return sendTaggedBytes(c, `"${sensor.etag}"`, () => cachedBody(sensor, [sensor.etag], () => sensor));
}
