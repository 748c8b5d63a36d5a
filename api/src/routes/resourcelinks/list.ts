import type { Services } from '../../context';

/** The resourcelinks collection keyed by id; empty until the resourcelinks issue lands. */
export function listResourcelinks(_services: Services): Record<string, unknown> {
  return {};
}
