import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendTagged } from '../../lib/respond';
import { findSensor, sensorsEtag } from './lookup';
import { listSensors } from './list';

/** `GET /sensors`: every sensor keyed by id, with a collection ETag (304 on `If-None-Match`). */
export function getSensors(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTagged(c, sensorsEtag(services), () => listSensors(services));
}

/** `GET /sensors/<id>` (an id of 26+ characters is a uniqueid, as in deCONZ). */
export function getSensor(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const id = c.req.param('id') ?? '';
  const record = findSensor(services, id);
  const sensor = services.sensors.get(record.id)!;
  return sendTagged(c, `"${sensor.etag}"`, () => sensor);
}
