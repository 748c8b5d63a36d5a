import type { Services } from '../../context';
import { renderResourcelink } from './render';

/** The resourcelinks collection keyed by id (also the `resourcelinks` member of the full state). */
export function listResourcelinks(services: Services): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const link of services.resourcelinks.all()) out[link.id] = renderResourcelink(link);
  return out;
}
