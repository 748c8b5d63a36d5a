import { DeconzError } from '@herdgate/shared/errors';
import type { SensorRecord } from '../../resources/sensors';
import type { Services } from '../../context';
import { etagWithCounters } from '../../lib/etag';

/** The sensor a route addresses, or deCONZ's 404 type 3 for `/sensors/<id>`. */
export function findSensor(services: Services, id: string): SensorRecord {
  const record = services.sensors.find(id);
  if (!record) throw sensorNotFound(id);
  return record;
}

export function sensorNotFound(id: string): DeconzError {
  return new DeconzError({ type: 3, address: `/sensors/${id}`, params: { path: `/sensors/${id}` } });
}

/** A write found the sensor gone (deleted while the request ran): the same 404 as an unknown id. */
export function requireWritten(done: boolean, id: string): void {
  if (!done) throw sensorNotFound(id);
}

/** The collection ETag: the store's plus the sensors' memory-only changes (device values are not store writes). */
export function sensorsEtag(services: Services): string {
  return etagWithCounters(services, [services.sensors.version()]);
}
