import type { Services } from '../../context';
import { etagWithCounters } from '../../lib/etag';
import type { ConfigMoment } from '../config/build-config';
import { configFacts } from '../config/etag';

/**
 * `GET /api/<key>`: changes when any resource changes, stored or not (light and sensor reports
 * included), and when anything its `config` member shows changes (as the config ETag follows it).
 */
export function fullStateEtag(services: Services, moment: ConfigMoment): string {
  const { lights, groups, scenes, sensors, alarms } = services;
  return etagWithCounters(services, [lights.version, groups.version, scenes.version, sensors.version(), alarms.version], configFacts(services, moment));
}
