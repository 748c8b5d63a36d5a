/**
 * Reads deCONZ's `zll.db` (SQLite) whole, read-only, into plain rows per table, after checking it
 * is an intact database of a schema this importer knows: `user_version` 10 (deCONZ 2.2x-2.33) or
 * the 2.0x family (0-1, before the device tables). Versions 2-9 are intermediate steps deCONZ
 * upgrades on its next start; newer ones are unknown.
 */
import { createClient } from '@libsql/client';

export type Row = Record<string, unknown>;

export interface ZllDb {
  version: number;
  family: 'current' | '2.0x';
  tables: Set<string>;
  rows(table: string): Row[];
}

/** Tables without which there is nothing to take over. */
const REQUIRED = ['auth', 'config2', 'nodes', 'sensors'];
const CURRENT_DEVICE_TABLES = ['devices', 'device_descriptors', 'zcl_values'];

export async function readZll(path: string): Promise<ZllDb> {
  const client = createClient({ url: `file:${path}` });
  try {
    let check: string;
    try {
      const result = await client.execute('PRAGMA quick_check');
      check = String(result.rows[0]?.[0] ?? '');
    } catch (err) {
      throw new Error(`zll.db is not a readable SQLite database (${(err as Error).message})`);
    }
    if (check !== 'ok') throw new Error(`zll.db is damaged (SQLite check: ${check})`);
    const version = Number((await client.execute('PRAGMA user_version')).rows[0]?.[0] ?? 0);
    if (version > 10) throw new Error(`zll.db has schema version ${version}, newer than the 10 this importer knows (deCONZ 2.33)`);
    if (version >= 2 && version <= 9)
      throw new Error(
        `zll.db has the intermediate schema version ${version}: start deCONZ once (2.2x or later) so it upgrades the database to version 10, then export again`,
      );
    const family = version === 10 ? 'current' : '2.0x';
    const tables = new Set((await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => String(r[0])));
    const missing = REQUIRED.filter((t) => !tables.has(t));
    if (missing.length > 0)
      throw new Error(`zll.db lacks the table${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: not a deCONZ database, or a partial one`);
    if (family === 'current') {
      const lacking = CURRENT_DEVICE_TABLES.filter((t) => !tables.has(t));
      if (lacking.length > 0) throw new Error(`zll.db says schema version 10 but lacks ${lacking.join(', ')}: a partial database`);
    }
    const data = new Map<string, Row[]>();
    for (const table of tables) {
      if (table.startsWith('sqlite_')) continue;
      const result = await client.execute(`SELECT * FROM "${table.replaceAll('"', '""')}"`);
      data.set(
        table,
        result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]]))),
      );
    }
    return { version, family, tables, rows: (table) => data.get(table) ?? [] };
  } finally {
    client.close();
  }
}
