import type { Services } from '../../services/types';

/** The schedules collection keyed by id; empty until the schedules issue lands. */
export function listSchedules(_services: Services): Record<string, unknown> {
  return {};
}
