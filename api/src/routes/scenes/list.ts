import type { Services } from '../../context';

/** The scenes collection keyed by id; empty until the scenes issue lands. */
export function listScenes(_services: Services): Record<string, unknown> {
  return {};
}
