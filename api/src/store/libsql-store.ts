import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import { apiKeys, idSequences, settings } from './schema';
import { SerialQueue, type SerialQueueOptions } from './serial-queue';
import { isLockError, StoreUnavailableError } from './unavailable';
import { findSecret } from '../security/constant-time';
import { loadState, META_KEYS, type LoadedState } from './load';
import { DEFAULT_SETTINGS } from './defaults';
import { forgetData, KEPT_SETTINGS } from './forget';
import type { ApiKeyRecord, Database, GatewaySettings, ReadTransaction, Store, StoredCredentials, Transaction } from './types';

/** Key last-use dates are persisted at most this often per key (see `touchApiKey`). */
export const LAST_USE_FLUSH_MS = 60_000;

export interface LibsqlStoreOptions {
  db: Database;
  logger: Logger;
  /** Setting defaults that win over the built-in ones (e.g. `GATEWAY_NAME`). */
  defaults?: Partial<GatewaySettings>;
  /** Bounds of the write queue (tests shrink them). */
  queue?: SerialQueueOptions;
}

function upsertSetting(tx: Transaction, key: string, value: unknown) {
  const json = JSON.stringify(value);
  return tx
    .insert(settings)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: settings.key, set: { value: json } });
}

export async function createLibsqlStore(options: LibsqlStoreOptions): Promise<Store> {
  const state = await loadState(options.db, options.defaults ?? {});
  const store = new LibsqlStore(options.db, options.logger, state, new SerialQueue(options.queue), options.defaults ?? {});
  if (state.mintedIdentity) {
    await store.write((tx) => upsertSetting(tx, META_KEYS.identity, state.identity).then(() => undefined));
  }
  // A crash from here on must not look like a clean shutdown to the next start.
  if (state.cleanShutdown) await options.db.delete(settings).where(eq(settings.key, META_KEYS.cleanShutdown));
  return store;
}

class LibsqlStore implements Store {
  /** When each key's last-use date was last written, to coalesce those writes. */
  private readonly persistedUse = new Map<string, number>();
  private keyList: ApiKeyRecord[];
  private keyUses = 0;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly state: LoadedState,
    private readonly queue: SerialQueue,
    private readonly defaults: Partial<GatewaySettings>,
  ) {
    this.keyList = [...state.keys.values()];
    for (const record of this.keyList) this.persistedUse.set(record.key, record.lastUsedAt);
  }

  settings() {
    return this.state.settings;
  }
  identity() {
    return this.state.identity;
  }
  credentials() {
    return this.state.credentials;
  }
  revision() {
    return this.state.revision;
  }
  /** Compared with every key in constant time: how long a lookup takes says nothing about a guess. */
  apiKey(key: string) {
    return findSecret(this.keyList, (record) => record.key, key);
  }
  apiKeys() {
    return this.keyList;
  }
  keyUseVersion() {
    return this.keyUses;
  }

  write<T>(work: (tx: Transaction) => Promise<T>, apply?: (result: T) => void): Promise<T> {
    return this.commit(work, true, apply);
  }

  writeUnseen<T>(work: (tx: Transaction) => Promise<T>, apply?: (result: T) => void): Promise<T> {
    return this.commit(work, false, apply);
  }

  private commit<T>(work: (tx: Transaction) => Promise<T>, revision: boolean, apply?: (result: T) => void): Promise<T> {
    return this.queue.run(async () => {
      const next = revision ? this.state.revision + 1 : this.state.revision;
      const result = await this.db
        .transaction(async (tx) => {
          const value = await work(tx);
          if (revision) await upsertSetting(tx, META_KEYS.revision, next);
          return value;
        })
        .catch(async (err: unknown) => {
          if (!isLockError(err)) throw err;
          // libSQL leaves the refused BEGIN's statement open on that connection, so every later
          // commit on it fails ("SQL statements in progress"): start with fresh connections.
          await (this.db as { $client?: { reconnect?: () => Promise<void> | void } }).$client?.reconnect?.();
          throw new StoreUnavailableError('locked', { cause: err });
        });
      this.state.revision = next;
      apply?.(result);
      return result;
    });
  }

  read<T>(work: (tx: ReadTransaction) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      // drizzle 0.45 opens every libSQL transaction as a write one (it ignores `behavior`), so
      // read-only is enforced by always rolling back: nothing done inside can be persisted.
      const outcome: { value?: T; done: boolean } = { done: false };
      try {
        await this.db.transaction(async (tx) => {
          outcome.value = await work(tx);
          outcome.done = true;
          tx.rollback();
        });
      } catch (err) {
        if (!(outcome.done && err instanceof TransactionRollbackError)) throw err;
      }
      return outcome.value as T;
    });
  }

  async updateSettings(patch: Partial<GatewaySettings>): Promise<void> {
    const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    await this.write(
      async (tx) => {
        for (const [key, value] of entries) await upsertSetting(tx, key, value);
      },
      () => {
        this.state.settings = { ...this.state.settings, ...patch };
      },
    );
  }

  async setCredentials(credentials: StoredCredentials): Promise<void> {
    await this.write(
      (tx) => upsertSetting(tx, META_KEYS.credentials, credentials).then(() => undefined),
      () => {
        this.state.credentials = credentials;
      },
    );
  }

  async addApiKey(record: ApiKeyRecord): Promise<void> {
    await this.write(
      (tx) =>
        tx
          .insert(apiKeys)
          .values(record)
          .then(() => undefined),
      () => {
        this.state.keys.set(record.key, { ...record });
        this.keyList = [...this.state.keys.values()];
        this.persistedUse.set(record.key, record.lastUsedAt);
      },
    );
  }

  async deleteApiKey(key: string): Promise<boolean> {
    if (!this.state.keys.has(key)) return false;
    return this.write(
      async (tx) => (await tx.delete(apiKeys).where(eq(apiKeys.key, key))).rowsAffected > 0,
      () => {
        this.state.keys.delete(key);
        this.keyList = [...this.state.keys.values()];
        this.persistedUse.delete(key);
      },
    );
  }

  /**
   * Every authenticated request refreshes its key's last-use date. Writing that per request would
   * turn every read into a write, so memory is updated at once and the row at most once a minute
   * per key (and on `flush`). A crash loses at most a minute of last-use precision, nothing else.
   */
  touchApiKey(key: string, now: number, userAgent: string | undefined): void {
    const record = this.state.keys.get(key);
    if (!record) return;
    if (Math.floor(record.lastUsedAt / 1000) !== Math.floor(now / 1000)) this.keyUses += 1;
    record.lastUsedAt = now;
    const firstAgent = record.userAgent === null && userAgent !== undefined;
    if (firstAgent) record.userAgent = userAgent.slice(0, 256);
    const persisted = this.persistedUse.get(key) ?? 0;
    if (!firstAgent && now - persisted < LAST_USE_FLUSH_MS) return;
    this.persistedUse.set(key, now);
    this.persistUse(record).catch((err: unknown) => this.logger.warn({ err, client: record.name }, 'could not persist key last use'));
  }

  private persistUse(record: ApiKeyRecord): Promise<unknown> {
    const { key, lastUsedAt, userAgent } = record;
    // Outside `write`: bookkeeping that must not change ETags.
    return this.queue.run(() => this.db.update(apiKeys).set({ lastUsedAt, userAgent }).where(eq(apiKeys.key, key)));
  }

  async allocateId(kind: string): Promise<string> {
    return this.write(async (tx) => {
      const [row] = await tx
        .insert(idSequences)
        .values({ name: kind, lastId: 1 })
        .onConflictDoUpdate({ target: idSequences.name, set: { lastId: sql`${idSequences.lastId} + 1` } })
        .returning({ lastId: idSequences.lastId });
      if (!row) throw new Error(`id allocation for ${kind} returned no row`);
      return String(row.lastId);
    });
  }

  async forgetData(keepKey: string): Promise<void> {
    await this.write(
      (tx) => forgetData(tx, keepKey),
      () => {
        const kept = Object.fromEntries(KEPT_SETTINGS.map((name) => [name, this.state.settings[name]]));
        this.state.settings = { ...DEFAULT_SETTINGS, ...this.defaults, ...kept };
        for (const key of [...this.state.keys.keys()]) {
          if (key === keepKey) continue;
          this.state.keys.delete(key);
          this.persistedUse.delete(key);
        }
        this.keyList = [...this.state.keys.values()];
      },
    );
  }

  async replaceAll(work: (tx: Transaction) => Promise<void>): Promise<void> {
    await this.queue.run(async () => {
      const before = this.state.revision;
      await this.db.transaction(async (tx) => {
        await work(tx);
        const [row] = await tx.select().from(settings).where(eq(settings.key, META_KEYS.revision));
        const restored = row ? Number(JSON.parse(row.value)) || 0 : 0;
        await upsertSetting(tx, META_KEYS.revision, Math.max(before, restored) + 1);
        // A backup made from a stopped gateway carries its clean-stop marker: not this run's.
        await tx.delete(settings).where(eq(settings.key, META_KEYS.cleanShutdown));
      });
      const fresh = await loadState(this.db, this.defaults);
      Object.assign(this.state, {
        settings: fresh.settings,
        identity: fresh.identity,
        credentials: fresh.credentials,
        revision: fresh.revision,
        keys: fresh.keys,
      });
      this.keyList = [...this.state.keys.values()];
      this.persistedUse.clear();
      for (const record of this.keyList) this.persistedUse.set(record.key, record.lastUsedAt);
      this.keyUses += 1;
    });
  }

  startFacts() {
    return { fresh: this.state.mintedIdentity, cleanShutdown: this.state.cleanShutdown };
  }

  markCleanShutdown(): Promise<void> {
    const value = JSON.stringify(true);
    return this.queue.run(async () => {
      await this.db.insert(settings).values({ key: META_KEYS.cleanShutdown, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    });
  }

  async flush(): Promise<void> {
    for (const record of this.keyList) {
      if ((this.persistedUse.get(record.key) ?? 0) < record.lastUsedAt) {
        this.persistedUse.set(record.key, record.lastUsedAt);
        await this.persistUse(record);
      }
    }
    await this.queue.idle();
  }
}
