import type { Database, ApiKeyRecord, GatewayIdentity, GatewaySettings, StoredCredentials } from './types';
import { apiKeys, settings } from './schema';
import { DEFAULT_SETTINGS, mintIdentity } from './defaults';

/** Reserved rows of the settings table that are not gateway settings. */
export const META_KEYS = {
  identity: '@identity',
  credentials: '@credentials',
  revision: '@revision',
  cleanShutdown: '@clean-shutdown',
  /** A restore whose database part is committed and whose bridge part is not confirmed yet (backup/restore-service.ts). */
  restorePending: '@restore-pending',
} as const;

export interface LoadedState {
  settings: GatewaySettings;
  identity: GatewayIdentity;
  credentials: StoredCredentials | undefined;
  revision: number;
  keys: Map<string, ApiKeyRecord>;
  /** Identity minted now that must be persisted before the store is used (also: a fresh database). */
  mintedIdentity: boolean;
  /** The previous run closed the store cleanly (the marker is removed again at start). */
  cleanShutdown: boolean;
}

/** Read the whole database once; missing settings take their defaults (env overrides included). */
export async function loadState(db: Database, defaults: Partial<GatewaySettings>): Promise<LoadedState> {
  const rows = await db.select().from(settings);
  const values = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...defaults };
  for (const name of Object.keys(DEFAULT_SETTINGS)) {
    if (values.has(name)) merged[name] = values.get(name);
  }
  const storedIdentity = values.get(META_KEYS.identity) as GatewayIdentity | undefined;
  const keyRows = await db.select().from(apiKeys);
  return {
    settings: merged as unknown as GatewaySettings,
    identity: storedIdentity ?? mintIdentity(),
    credentials: values.get(META_KEYS.credentials) as StoredCredentials | undefined,
    revision: Number(values.get(META_KEYS.revision) ?? 0),
    keys: new Map(keyRows.map((row) => [row.key, { ...row }])),
    mintedIdentity: storedIdentity === undefined,
    cleanShutdown: values.get(META_KEYS.cleanShutdown) === true,
  };
}
