import { and, eq } from 'drizzle-orm';
import { groupScenes, lightGroups } from '../../store/schema';
import type { Store, Transaction } from '../../store/types';
import type { SceneRecord } from './types';

const key = (groupId: string, sceneId: string) => `${groupId}/${sceneId}`;
const MAX_SCENE_ID = 255;

type Row = typeof groupScenes.$inferSelect;

const toRecord = (row: Row): SceneRecord => ({
  groupId: String(row.groupId),
  sceneId: String(row.sceneId),
  name: row.name,
  transitiontime: row.transitiontime,
  lights: JSON.parse(row.lights) as SceneRecord['lights'],
});

const toRow = (record: SceneRecord): Row => ({
  groupId: Number(record.groupId),
  sceneId: Number(record.sceneId),
  name: record.name,
  transitiontime: record.transitiontime,
  lights: JSON.stringify(record.lights),
});

const whereScene = (groupId: string, sceneId: string) => and(eq(groupScenes.groupId, Number(groupId)), eq(groupScenes.sceneId, Number(sceneId)));

/**
 * Scenes in memory, kept in step with the group_scenes table. Every change is a read-modify-write
 * of the committed row in one store transaction; ids are chosen from the committed rows and the
 * reservations of captures still running.
 */
export class ScenesModel {
  private readonly scenes = new Map<string, SceneRecord>();
  /** Ids taken by captures still running (`group/scene`), not in the database yet. */
  private readonly reserved = new Set<string>();
  version = 0;

  constructor(private readonly store: Store) {}

  async load(): Promise<void> {
    for (const row of await this.store.read((tx) => tx.select().from(groupScenes))) {
      const record = toRecord(row);
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

  /**
   * Take the group's first free scene id (deconz-behavior §19: 1-255, first one neither committed
   * nor reserved) for a capture that will take seconds, so a concurrent create cannot take the
   * same id meanwhile. Memory only: nothing is written until `commit` stores the scene with its
   * lights in one transaction, so a crash during the capture leaves no scene without lights.
   * `release` gives the id back. Undefined: the group's scene table is full.
   */
  reserve(groupId: string, name: string, transitiontime: number): SceneRecord | undefined {
    const reserved = [...this.reserved].filter((k) => k.startsWith(`${groupId}/`)).map((k) => Number(k.slice(groupId.length + 1)));
    const used = new Set([...this.ofGroup(groupId).map((s) => Number(s.sceneId)), ...reserved]);
    let id = 1;
    while (used.has(id)) id += 1;
    if (id > MAX_SCENE_ID) return undefined;
    this.reserved.add(key(groupId, String(id)));
    return { groupId, sceneId: String(id), name, transitiontime, lights: [] };
  }

  /** Give back a reserved id whose capture failed or whose scene was committed. */
  release(record: SceneRecord): void {
    this.reserved.delete(key(record.groupId, record.sceneId));
  }

  /**
   * Store a reserved scene with its captured lights: one transaction, so the scene and its lights
   * are committed together or not at all. False when its group was deleted during the capture.
   */
  async commit(record: SceneRecord): Promise<boolean> {
    try {
      return await this.store.write(
        async (tx) => {
          const [group] = await tx
            .select({ deleted: lightGroups.deleted })
            .from(lightGroups)
            .where(eq(lightGroups.id, Number(record.groupId)));
          // The All group has no row; any other group was checked at the request's start.
          if (group?.deleted) return false;
          await tx.insert(groupScenes).values(toRow(record));
          return true;
        },
        (done) => {
          if (done) this.applyCommitted(record);
        },
      );
    } finally {
      this.release(record);
    }
  }

  /**
   * Read-modify-write of one scene: `change` gets the committed record. False when the scene is gone
   * (deleted meanwhile, nothing written): a late write never brings a deleted scene back.
   */
  async modify(groupId: string, sceneId: string, change: (current: SceneRecord) => SceneRecord): Promise<boolean> {
    const next = await this.store.write(
      (tx) => rewriteSceneRow(tx, groupId, sceneId, change),
      (changed) => {
        if (changed) this.applyCommitted(changed);
      },
    );
    return next !== undefined;
  }

  /** Removes one scene, or every scene of the group without `sceneId`; false when nothing was there. */
  async remove(groupId: string, sceneId?: string): Promise<boolean> {
    const where = sceneId === undefined ? eq(groupScenes.groupId, Number(groupId)) : whereScene(groupId, sceneId);
    return this.store.write(
      async (tx) => (await tx.delete(groupScenes).where(where)).rowsAffected > 0,
      () => {
        for (const scene of this.ofGroup(groupId)) if (sceneId === undefined || scene.sceneId === sceneId) this.scenes.delete(key(groupId, scene.sceneId));
        this.version += 1;
      },
    );
  }

  /** A scene record a cross-model transaction committed (`writeSceneRow`): memory follows. */
  applyCommitted(record: SceneRecord): void {
    this.scenes.set(key(record.groupId, record.sceneId), record);
    this.version += 1;
  }

  /** Scenes that hold a light, for `DELETE /lights/<id>/scenes`. */
  withLight(lightId: string): SceneRecord[] {
    return [...this.scenes.values()].filter((s) => s.lights.some((l) => l.id === lightId));
  }
}

async function readScene(tx: Transaction, groupId: string, sceneId: string): Promise<SceneRecord | undefined> {
  const [row] = await tx.select().from(groupScenes).where(whereScene(groupId, sceneId));
  return row ? toRecord(row) : undefined;
}

/** Inside a caller's transaction: the committed scene, changed by `change`; undefined when it is gone. */
export async function rewriteSceneRow(
  tx: Transaction,
  groupId: string,
  sceneId: string,
  change: (current: SceneRecord) => SceneRecord,
): Promise<SceneRecord | undefined> {
  const current = await readScene(tx, groupId, sceneId);
  if (!current) return undefined;
  const changed = change(current);
  const { groupId: _g, sceneId: _s, ...rest } = toRow(changed);
  await tx.update(groupScenes).set(rest).where(whereScene(groupId, sceneId));
  return changed;
}
