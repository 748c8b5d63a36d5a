import type { Services } from '../../services/types';

/** The resourcelinks collection keyed by id; empty until the resourcelinks issue lands. */
export function listResourcelinks(_services: Services): Record<string, unknown> {
  return {};
}
