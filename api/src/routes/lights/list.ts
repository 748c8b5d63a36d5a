import type { Services } from '../../context';
import { lightView } from '../../resources/lights/light-view';
import { groupIdsOf } from './lookup';

/** The lights collection keyed by id, straight from memory. */
export function listLights(services: Services): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of services.lights.live()) out[entry.row.id] = lightView(entry, groupIdsOf(services, entry.row.id));
  return out;
}
