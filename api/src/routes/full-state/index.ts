import { Hono } from 'hono';
import type { AppEnv, Services } from '../../context';
import { BodyCache } from '../../lib/body-cache';
import { sendTaggedBytes } from '../../lib/respond';
import { configMoment, fullConfig, type ConfigMoment } from '../config/build-config';
import { fullConfigKey } from '../config/config-body';
import { listAlarmsystems } from '../alarmsystems/list';
import { listGroups } from '../groups/list';
import { listLights } from '../lights/list';
import { listResourcelinks } from '../resourcelinks/list';
import { listRules } from '../rules/list';
import { listScenes } from '../scenes/list';
import { listSchedules } from '../schedules/list';
import { listSensors } from '../sensors/list';
import { fullStateEtag } from './etag';

/** Exactly the members deCONZ sends (deconz-behavior.md §6); pydeconz loads everything from it. */
export function fullState(services: Services, moment: ConfigMoment = configMoment(services)): Record<string, unknown> {
  return {
    alarmsystems: listAlarmsystems(services),
    config: fullConfig(services, moment),
    groups: listGroups(services),
    lights: listLights(services),
    resourcelinks: listResourcelinks(services),
    rules: listRules(services),
    scenes: listScenes(services),
    schedules: listSchedules(services),
    sensors: listSensors(services),
  };
}

const bodies = new WeakMap<Services, BodyCache>();

/**
 * The encoded full state, built again only when its ETag (every resource, stored or in memory) or
 * an input of its config member changed.
 */
function fullStateBody(services: Services, etag: string, moment: ConfigMoment): Uint8Array<ArrayBuffer> {
  let cache = bodies.get(services);
  if (!cache) bodies.set(services, (cache = new BodyCache()));
  return cache.get([etag, ...fullConfigKey(services, moment)], () => fullState(services, moment));
}

/** Mounted at `/api/<key>`: `GET /api/<key>`. */
export const fullStateRoutes = new Hono<AppEnv>().get('/', (c) => {
  const services = c.get('services');
  const moment = configMoment(services);
  const etag = fullStateEtag(services, moment);
  return sendTaggedBytes(c, etag, () => fullStateBody(services, etag, moment));
});
