import type { Services } from '../../services/types';

/** The sensors collection keyed by id; empty until the sensors issue lands. */
export function listSensors(_services: Services): Record<string, unknown> {
  return {};
}
