/**
 * The gateway database filled in one go from another gateway's data (a deCONZ takeover): every row
 * with the ids the other gateway gave, the id sequences moved past them so a new resource never
 * takes an imported id, and the identity and settings. The caller builds the state; this module
 * owns how it lands in the tables, so the api's formats stay in the api.
 */
import { sql } from 'drizzle-orm';
import { nextFireOf } from '../automation/schedules/plan';
import { newEtag } from '../automation/resource-etag';
import { mintIdentity } from '../store/defaults';
import { META_KEYS } from '../store/load';
import * as t from '../store/schema';
import type { ApiKeyRecord, Database, GatewayIdentity, GatewaySettings } from '../store/types';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
/** Imported rows keep the ids the other gateway gave them. */
type Keep<T extends { $inferInsert: unknown }> = Insert<T> & { id: number };

export interface ImportedState {
  identity: Pick<GatewayIdentity, 'bridgeid' | 'mac' | 'panid'> & { uuid?: string };
  /** The radio as the other gateway last knew it, shown until the bridge reports. */
  radio: { zigbeechannel: number; fwversion: string; devicename: string };
  settings: Partial<GatewaySettings>;
  keys: ApiKeyRecord[];
  lights: Keep<typeof t.lights>[];
  groups: Keep<typeof t.lightGroups>[];
  scenes: Insert<typeof t.groupScenes>[];
  sensors: Keep<typeof t.sensors>[];
  rules: Omit<Insert<typeof t.rules>, 'etag'>[];
  schedules: Omit<Insert<typeof t.schedules>, 'etag' | 'nextFireAt' | 'firings'>[];
  alarmSystems: Insert<typeof t.alarmSystems>[];
  alarmDevices: Insert<typeof t.alarmDevices>[];
  resourcelinks: Insert<typeof t.resourcelinks>[];
}

const maxId = (rows: { id: string | number }[]) => rows.reduce((max, row) => Math.max(max, Number(row.id) || 0), 0);

/** Writes `state` into an empty, migrated database, all in one transaction. */
export async function writeImportedState(db: Database, state: ImportedState, now: number): Promise<void> {
  const timeZone = state.settings.timezone ?? 'Etc/UTC';
  const identity: GatewayIdentity = { ...mintIdentity(), ...state.identity };
  const radio = { bridgeid: identity.bridgeid, mac: identity.mac, panid: identity.panid, ...state.radio };
  await db.transaction(async (tx) => {
    const settings = [...Object.entries(state.settings), [META_KEYS.identity, identity], [META_KEYS.revision, 1]] as const;
    for (const [key, value] of settings) await tx.insert(t.settings).values({ key, value: JSON.stringify(value) });
    await tx.insert(t.radioIdentity).values({ id: 'last', value: JSON.stringify(radio) });
    for (const key of state.keys) await tx.insert(t.apiKeys).values(key);
    for (const row of state.lights) await tx.insert(t.lights).values(row);
    for (const row of state.groups) await tx.insert(t.lightGroups).values(row);
    for (const row of state.scenes) await tx.insert(t.groupScenes).values(row);
    for (const row of state.sensors) await tx.insert(t.sensors).values(row);
    for (const row of state.rules) await tx.insert(t.rules).values({ ...row, etag: newEtag() });
    for (const row of state.schedules) {
      const nextFireAt =
        row.status === 'enabled'
          ? nextFireOf({ time: row.time ?? null, localtime: row.localtime ?? null, startedAt: row.startedAt }, now, { timeZone, random: Math.random })
          : null;
      await tx.insert(t.schedules).values({ ...row, nextFireAt, firings: 0, etag: newEtag() });
    }
    for (const row of state.alarmSystems) await tx.insert(t.alarmSystems).values(row);
    for (const row of state.alarmDevices) await tx.insert(t.alarmDevices).values(row);
    for (const row of state.resourcelinks) await tx.insert(t.resourcelinks).values(row);
    const sequences = {
      sensors: maxId(state.sensors),
      rules: maxId(state.rules),
      schedules: maxId(state.schedules),
      resourcelinks: maxId(state.resourcelinks),
    };
    for (const [name, lastId] of Object.entries(sequences)) {
      if (lastId > 0)
        await tx
          .insert(t.idSequences)
          .values({ name, lastId })
          .onConflictDoUpdate({ target: t.idSequences.name, set: { lastId: sql`max(${t.idSequences.lastId}, ${lastId})` } });
    }
  });
}
