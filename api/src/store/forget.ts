import { getTableName, is, notInArray, ne } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';
import { META_KEYS } from './load';
import type { GatewaySettings, Transaction } from './types';

/**
 * `POST /config/reset {"deleteDB": true}`: every table of the schema is emptied except these, so a
 * table added later is cleared without anyone remembering to list it here. Why each one survives:
 */
export const SURVIVING_TABLES: Readonly<Record<string, string>> = {
  // Only its reserved rows: the identity (bridge id, uuid, ETag prefix: a tag from before the
  // reset never matches newer content), the gateway login (dropping it would bring back the
  // well-known default password) and the revision ETags count on. Every gateway setting is
  // removed and takes its default again, except the radio's (`KEPT_SETTINGS`).
  settings: 'identity, gateway login and revision kept; settings back to their defaults',
  // Only the key that asked for the reset, so the client that pressed the button stays in.
  api_keys: 'the requesting key only',
  // A fact about the coordinator, not user data: the radio is still the same stick.
  radio_identity: 'the coordinator identity the bridge reported',
  // Ids are never reused, also across a reset: a client holding an old id never addresses a
  // resource created afterwards.
  id_sequences: 'ids never reused',
};

/** Settings that describe the radio network, which `deleteDB` does not touch (that is `resetGW`). */
export const KEPT_SETTINGS = ['zigbeechannel', 'rfconnected'] as const satisfies readonly (keyof GatewaySettings)[];

/** Every table of the schema, found by type, so none is missed. */
export function schemaTables(): SQLiteTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
}

/** Empties the database inside the caller's transaction, keeping what `SURVIVING_TABLES` says. */
export async function forgetData(tx: Transaction, keepKey: string): Promise<void> {
  for (const table of schemaTables()) {
    if (!(getTableName(table) in SURVIVING_TABLES)) await tx.delete(table);
  }
  await tx.delete(schema.apiKeys).where(ne(schema.apiKeys.key, keepKey));
  await tx.delete(schema.settings).where(notInArray(schema.settings.key, [...Object.values(META_KEYS), ...KEPT_SETTINGS]));
}
