/**
 * The Durable Object's own SQLite storage behind the part of the `@libsql/client` interface that
 * drizzle's libSQL driver uses (execute, batch, migrate, interactive transactions). So the store,
 * its drizzle queries and its "commit, then update memory" order are the same code as on Node.
 *
 * Transactions: `sql.exec` may not run BEGIN/COMMIT; `storage.transaction(async …)` spans awaits
 * and rolls back when its closure throws, so each drizzle transaction runs whole inside one such
 * closure. (Holding a closure open while statements come from outside it deadlocks: the object's
 * input gate stays shut until the closure ends.) Nothing inside a store write may wait for another
 * incoming event. The object's output gate holds every response until the commit is durable, so
 * "a 200 means committed" holds here too.
 */
import { drizzle } from 'drizzle-orm/libsql';
import type { Client, InArgs, InStatement, ResultSet, Row, Transaction } from '@libsql/client';
import type { DurableObjectStorage, SqlStorageValue } from '@cloudflare/workers-types';
import * as schema from '../../store/schema';
import type { Database } from '../../store/types';

type Value = SqlStorageValue;

function toValue(arg: unknown): Value {
  if (arg === undefined || arg === null) return null;
  if (typeof arg === 'boolean') return arg ? 1 : 0;
  if (typeof arg === 'bigint') return Number(arg);
  if (arg instanceof Uint8Array) return arg.slice().buffer as ArrayBuffer;
  if (arg instanceof Date) return arg.getTime();
  return arg as Value;
}

function statementOf(stmt: InStatement): { sql: string; args: Value[] } {
  if (typeof stmt === 'string') return { sql: stmt, args: [] };
  const args: InArgs | undefined = stmt.args;
  if (args !== undefined && !Array.isArray(args)) throw new Error('named SQL arguments are not supported on Durable Object storage');
  return { sql: stmt.sql, args: (args ?? []).map(toValue) };
}

/** libSQL rows are arrays whose columns can also be read by name (names enumerable, indexes not). */
function rowOf(columns: string[], values: Value[]): Row {
  const row: Record<string | number, unknown> = {};
  Object.defineProperty(row, 'length', { value: values.length });
  values.forEach((value, i) => {
    Object.defineProperty(row, i, { value, enumerable: false });
    if (!(columns[i]! in row)) row[columns[i]!] = value;
  });
  return row as unknown as Row;
}

function execute(storage: DurableObjectStorage, stmt: InStatement): ResultSet {
  const { sql, args } = statementOf(stmt);
  const cursor = storage.sql.exec(sql, ...args);
  const raw = [...cursor.raw<Value[]>()];
  const columns = cursor.columnNames;
  const rows = raw.map((values) => rowOf(columns, values));
  const changes = columns.length === 0 ? Number(storage.sql.exec('SELECT changes() AS c').one().c) : rows.length;
  return {
    columns,
    columnTypes: columns.map(() => ''),
    rows,
    rowsAffected: changes,
    lastInsertRowid: undefined,
    toJSON: () => ({ columns, rows: raw, rowsAffected: changes }),
  };
}

/**
 * What drizzle's session sees as the libSQL transaction: statements run directly, because the
 * whole drizzle transaction already runs inside `storage.transaction` (see `openDurableDatabase`).
 */
function passThroughTransaction(storage: DurableObjectStorage): Transaction {
  let closed = false;
  const tx = {
    async execute(stmt: InStatement) {
      return execute(storage, stmt);
    },
    async batch(stmts: InStatement[]) {
      return stmts.map((s) => execute(storage, s));
    },
    async executeMultiple(sql: string) {
      storage.sql.exec(sql);
    },
    // drizzle rethrows after rollback; the throw leaving `storage.transaction` is what rolls back.
    async commit() {
      closed = true;
    },
    async rollback() {
      closed = true;
    },
    close() {
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
  return tx as unknown as Transaction;
}

/** Everything in `stmts` commits together or not at all. */
async function atomically(storage: DurableObjectStorage, stmts: InStatement[]): Promise<ResultSet[]> {
  return storage.transactionSync(() => stmts.map((stmt) => execute(storage, stmt)));
}

function createDurableSqliteClient(storage: DurableObjectStorage): Client {
  const client = {
    async execute(stmt: InStatement | string, args?: InArgs) {
      return execute(storage, typeof stmt === 'string' ? { sql: stmt, args: args ?? [] } : stmt);
    },
    batch: (stmts: InStatement[]) => atomically(storage, stmts),
    migrate: (stmts: InStatement[]) => atomically(storage, stmts),
    async transaction() {
      return passThroughTransaction(storage);
    },
    async executeMultiple(sql: string) {
      storage.sql.exec(sql);
    },
    async sync() {
      return undefined;
    },
    close() {},
    closed: false,
    protocol: 'file',
  };
  return client as unknown as Client;
}

/** The drizzle database over the object's storage; every `db.transaction` is a storage transaction. */
export function openDurableDatabase(storage: DurableObjectStorage): Database {
  const db = drizzle(createDurableSqliteClient(storage), { schema });
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => storage.transaction(() => transaction(work, config))) as Database['transaction'];
  return db;
}
