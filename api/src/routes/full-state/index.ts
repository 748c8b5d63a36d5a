import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { Services } from '../../services/types';
import { sendTagged } from '../../lib/respond';
import { fullConfig } from '../config/build-config';
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
export function fullState(services: Services): Record<string, unknown> {
  return {
    alarmsystems: listAlarmsystems(services),
    config: fullConfig(services),
    groups: listGroups(services),
    lights: listLights(services),
    resourcelinks: listResourcelinks(services),
    rules: listRules(services),
    scenes: listScenes(services),
    schedules: listSchedules(services),
    sensors: listSensors(services),
  };
}

/** Mounted at `/api/<key>`: `GET /api/<key>`. */
export const fullStateRoutes = new Hono<AppEnv>().get('/', (c) => {
  const services = c.get('services');
  return sendTagged(c, fullStateEtag(services), () => fullState(services));
});
