import type { Services } from '../../context';

/** The alarmsystems collection keyed by id, from memory. */
export function listAlarmsystems(services: Services): Record<string, unknown> {
  return services.alarms.list();
}
