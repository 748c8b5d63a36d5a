import type { Services } from '../../services/types';

/** The groups collection keyed by id; empty until the groups issue lands. */
export function listGroups(_services: Services): Record<string, unknown> {
  return {};
}
