import type { ScenesModel } from '../scenes/scenes-model';
import type { GroupEntry } from './types';

/** `GET /groups/<id>`: the group object; the `All` group reports its real address as `id`. */
export function groupView(entry: GroupEntry, scenes: ScenesModel, lights: readonly string[] = entry.record.lights): Record<string, unknown> {
  const { record } = entry;
  const view: Record<string, unknown> = {
    action: { ...record.action },
    devicemembership: [...record.devicemembership],
    etag: entry.etag,
    hidden: record.hidden,
    id: record.id,
    lights: [...lights],
    lightsequence: [...record.lightsequence],
    multideviceids: [...record.multideviceids],
    name: record.name,
    scenes: scenes.ofGroup(record.id).map((scene) => ({
      id: scene.sceneId,
      lightcount: scene.lights.length,
      name: scene.name,
      transitiontime: scene.transitiontime,
    })),
    state: { ...entry.state },
    type: record.type,
  };
  if (record.type === 'Room') view.class = record.class ?? 'Other';
  return view;
}
