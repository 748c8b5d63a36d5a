import type { Services } from '../context';
import { listGroups } from '../routes/groups/list';
import { listLights } from '../routes/lights/list';
import { listSensors } from '../routes/sensors/list';
import { listAlarmsystems } from '../routes/alarmsystems/list';
import type { Collections } from './resources/resource-mirror';

/** The collections rule conditions read, through the same public faces the full state uses. */
export function automationCollections(services: Services): Collections {
  return {
    sensors: listSensors(services) as Record<string, unknown>,
    lights: listLights(services) as Record<string, unknown>,
    groups: listGroups(services) as Record<string, unknown>,
    alarmsystems: listAlarmsystems(services),
  };
}
