import { and, eq } from 'drizzle-orm';
import { groupScenes } from '../../store/schema';
import type { Store } from '../../store/types';
import type { SceneRecord } from './types';

const key = (groupId: string, sceneId: string) => `${groupId}/${sceneId}`;

/** Scenes in memory, kept in step with the group_scenes table. */
export class ScenesModel {
  private readonly scenes = new Map<string, SceneRecord>();
  version = 0;

  constructor(private readonly store: Store) {}

  async load(): Promise<void> {
    const rows = await this.store.read((tx) => tx.select().from(groupScenes));
    for (const row of rows) {
      const record: SceneRecord = {
        groupId: String(row.groupId), sceneId: String(row.sceneId), name: row.name,
        transitiontime: row.transitiontime, lights: JSON.parse(row.lights) as SceneRecord['lights'],
      };
      this.scenes.set(key(record.groupId, record.sceneId), record);
    }
  }

  ofGroup(groupId: string): SceneRecord[] {
    return [...this.scenes.values()].filter((s) => s.groupId === groupId).sort((a, b) => Number(a.sceneId) - Number(b.sceneId));
  }

  get(groupId: string, sceneId: string): SceneRecord | undefined {
    return this.scenes.get(key(groupId, sceneId));
  }

  byName(groupId: string, name: string): SceneRecord | undefined {
    return this.ofGroup(groupId).find((s) => s.name === name);
  }

  /** deconz-behavior §19: per group, the first id 1-255 not used by a live scene. */
  freeId(groupId: string): string | undefined {
    for (let id = 1; id <= 255; id += 1) if (!this.scenes.has(key(groupId, String(id)))) return String(id);
    return undefined;
  }

  async save(record: SceneRecord): Promise<void> {
    const row = { groupId: Number(record.groupId), sceneId: Number(record.sceneId), name: record.name, transitiontime: record.transitiontime, lights: JSON.stringify(record.lights) };
    const { groupId: _g, sceneId: _s, ...rest } = row;
    await this.store.write(async (tx) => {
      await tx.insert(groupScenes).values(row).onConflictDoUpdate({ target: [groupScenes.groupId, groupScenes.sceneId], set: rest });
    }, () => {
      this.scenes.set(key(record.groupId, record.sceneId), record);
      this.version += 1;
    });
  }

  /** Removes one scene, or every scene of the group without `sceneId`. */
  async remove(groupId: string, sceneId?: string): Promise<void> {
    const where = sceneId === undefined
      ? eq(groupScenes.groupId, Number(groupId))
      : and(eq(groupScenes.groupId, Number(groupId)), eq(groupScenes.sceneId, Number(sceneId)));
    await this.store.write(async (tx) => { await tx.delete(groupScenes).where(where); }, () => {
      for (const scene of this.ofGroup(groupId)) if (sceneId === undefined || scene.sceneId === sceneId) this.scenes.delete(key(groupId, scene.sceneId));
      this.version += 1;
    });
  }

  /** Scenes that hold a light, for `DELETE /lights/<id>/scenes`. */
  withLight(lightId: string): SceneRecord[] {
    return [...this.scenes.values()].filter((s) => s.lights.some((l) => l.id === lightId));
  }
}
