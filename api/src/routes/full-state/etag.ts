import type { Services } from '../../services/types';
import { etagWithCounters } from '../../lib/etag';

/** `GET /api/<key>`: changes when any resource changes, stored or not (light and sensor reports included). */
export function fullStateEtag(services: Services): string {
  const { lights, groups, scenes, sensors, alarms } = services;
  return etagWithCounters(services, [lights.version, groups.version, scenes.version, sensors.version(), alarms.version]);
}
