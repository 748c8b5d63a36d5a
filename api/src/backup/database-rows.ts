import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { fromBase64, toBase64, type ArchiveBody, type CellValue, type TableRows } from '@herdgate/shared/backup';
import { schemaTables } from '../store/forget';
import { META_KEYS } from '../store/load';
import type { ReadTransaction, Transaction } from '../store/types';

/**
 * The api's database as archive rows and back. Rows go through drizzle's own column mapping (the
 * schema's field names, booleans, JSON), so a restore writes exactly what the models load; BLOB
 * columns travel as `{"$bytes": base64}`. Tables are found in the schema by type (as `deleteDB`
 * does), so a table added later is in every backup without anyone listing it.
 */
type Row = Record<string, unknown>;

const blobColumns = (table: SQLiteTable) =>
  new Set(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => column.getSQLType() === 'blob')
      .map(([key]) => key),
  );

export async function dumpTables(tx: ReadTransaction): Promise<ArchiveBody['database']> {
  const tables: Record<string, TableRows> = {};
  for (const table of schemaTables()) {
    const blobs = blobColumns(table);
    // A restore's pending bridge part is this gateway's work in progress, not its data.
    const rows = ((await tx.select().from(table)) as Row[]).filter((row) => !(getTableName(table) === 'settings' && row.key === META_KEYS.restorePending));
    tables[getTableName(table)] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, blobs.has(key) && value instanceof Uint8Array ? { $bytes: toBase64(value) } : (value as CellValue)]),
      ),
    );
  }
  return { tables };
}

/**
 * What in an archive's database this schema cannot hold: a table or column it does not have. A
 * backup from a newer herdgate is refused with it rather than restored with data dropped.
 */
export function unknownToSchema(database: ArchiveBody['database']): string | undefined {
  const known = new Map(schemaTables().map((table) => [getTableName(table), new Set(Object.keys(getTableColumns(table)))]));
  for (const [name, rows] of Object.entries(database.tables)) {
    const columns = known.get(name);
    if (!columns) return `table ${name}`;
    for (const row of rows) for (const key of Object.keys(row)) if (!columns.has(key)) return `column ${name}.${key}`;
  }
  return undefined;
}

/** Empties every table and writes the archive's rows, inside the caller's transaction (all or nothing). */
export async function replaceTables(tx: Transaction, database: ArchiveBody['database']): Promise<void> {
  const tables = schemaTables();
  for (const table of tables) await tx.delete(table);
  for (const table of tables) {
    const rows = database.tables[getTableName(table)] ?? [];
    const blobs = blobColumns(table);
    const values = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, blobs.has(key) ? fromBase64((value as { $bytes: string }).$bytes) : value])),
    );
    // SQLite caps the variables of one statement; a few hundred rows at a time stay well under it.
    for (let at = 0; at < values.length; at += 100) await tx.insert(table).values(values.slice(at, at + 100));
  }
}
