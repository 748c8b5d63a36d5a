import type { Services } from '../../services/types';

/** The lights collection keyed by id; empty until the lights issue lands. */
export function listLights(_services: Services): Record<string, unknown> {
  return {};
}
