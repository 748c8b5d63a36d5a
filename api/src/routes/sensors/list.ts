import type { Services } from '../../context';

/** The sensors collection keyed by id, from the in-memory model. */
export function listSensors(services: Services): Record<string, unknown> {
  return services.sensors.list();
}
