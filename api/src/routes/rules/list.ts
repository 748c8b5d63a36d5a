import type { Services } from '../../services/types';

/** The rules collection keyed by id; empty until the rules issue lands. */
export function listRules(_services: Services): Record<string, unknown> {
  return {};
}
