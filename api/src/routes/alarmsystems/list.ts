import type { Services } from '../../services/types';

/** The alarmsystems collection keyed by id; empty until the alarmsystems issue lands. */
export function listAlarmsystems(_services: Services): Record<string, unknown> {
  return {};
}
