import type { Services } from '../../services/types';

/** The sensors collection keyed by id, from the in-memory model. */
export function listSensors(services: Services): Record<string, unknown> {
  return services.sensors.list();
}
