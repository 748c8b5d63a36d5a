import type { Services } from '../../context';
import { groupView } from '../../resources/groups/group-view';
import type { GroupEntry } from '../../resources/groups/types';

/** A group as clients see it; `All` lists every live light. */
export function viewGroup(services: Services, entry: GroupEntry): Record<string, unknown> {
  const lights = entry === services.groups.all ? services.lights.live().map((l) => l.row.id) : entry.record.lights;
  return groupView(entry, services.scenes, lights);
}

/** The groups collection keyed by id, without `All` (gateway-rest-api "Group"). */
export function listGroups(services: Services): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of services.groups.live()) out[entry.record.id] = viewGroup(services, entry);
  return out;
}
