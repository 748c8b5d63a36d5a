import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type * as schema from './schema';

export type Database = LibSQLDatabase<typeof schema>;
/** The handle a write callback gets: a drizzle transaction on the gateway database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The handle a read callback gets: only the query builders (`read` rolls back anything else anyway). */
export type ReadTransaction = Pick<Transaction, 'select' | 'query'>;

/** Gateway settings a client can change with `PUT /config` (and the bridge can report). */
export interface GatewaySettings {
  name: string;
  timezone: string;
  timeformat: '12h' | '24h';
  websocketnotifyall: boolean;
  permitjoin: number;
  zigbeechannel: number;
  rfconnected: boolean;
  groupdelay: number;
  lightlastseeninterval: number;
  networkopenduration: number;
  otauactive: boolean;
  discovery: boolean;
  updatechannel: 'stable' | 'alpha' | 'beta';
  disablePermitJoinAutoOff: boolean;
}

/** Values minted once for a database and never changed: the gateway's identity until a radio reports its own. */
export interface GatewayIdentity {
  /** 16 upper-case hex characters, EUI-64 formed from `mac` (FFFE in the middle). */
  bridgeid: string;
  mac: string;
  panid: number;
  uuid: string;
  /** Prefix of every ETag, so two databases never produce the same tag. */
  etagPrefix: string;
}

/** The gateway login (HTTP Basic for `POST /api`), kept only as a PBKDF2 hash. */
export interface StoredCredentials {
  user: string;
  salt: string;
  hash: string;
  iterations: number;
  /** `env` credentials follow the environment; `api` ones were set with `PUT /config/password`. */
  source: 'env' | 'api';
}

export interface ApiKeyRecord {
  key: string;
  /** The `devicetype` given at creation; shown as `name` in the whitelist. */
  name: string;
  createdAt: number;
  lastUsedAt: number;
  userAgent: string | null;
}

/**
 * The gateway's durable state. Everything is loaded into memory at start; reads never touch the
 * database. Each write commits first and updates memory only after the commit succeeded, so an
 * acknowledged change is durable and a failed one leaves memory as it was.
 */
export interface Store {
  settings(): Readonly<GatewaySettings>;
  identity(): Readonly<GatewayIdentity>;
  credentials(): Readonly<StoredCredentials> | undefined;
  /** Grows by one with every committed write; the basis of ETags. Persisted, so it survives restarts. */
  revision(): number;
  apiKey(key: string): Readonly<ApiKeyRecord> | undefined;
  apiKeys(): readonly Readonly<ApiKeyRecord>[];

  updateSettings(patch: Partial<GatewaySettings>): Promise<void>;
  setCredentials(credentials: StoredCredentials): Promise<void>;
  addApiKey(record: ApiKeyRecord): Promise<void>;
  /** Resolves false when the key did not exist. */
  deleteApiKey(key: string): Promise<boolean>;
  /** Records a use of a key in memory; persisted lazily (see the implementation). */
  touchApiKey(key: string, now: number, userAgent: string | undefined): void;
  /**
   * Grows whenever a key's last-use date as shown (whole seconds) changes. Those changes are memory
   * only, not revisions; a cached whitelist must follow them.
   */
  keyUseVersion(): number;
  /** Next id of a resource kind, never reused. */
  allocateId(kind: string): Promise<string>;
  /**
   * Run a write of a later resource module inside one serialised transaction that also bumps the
   * revision. `apply` runs after the commit and is where the caller updates its in-memory model.
   */
  write<T>(work: (tx: Transaction) => Promise<T>, apply?: (result: T) => void): Promise<T>;
  /**
   * `write` for state no resource shows (a PIN guard's wrong attempts, a membership doubt): the
   * same serialised, committed transaction, but no revision, so no ETag moves for it.
   */
  writeUnseen<T>(work: (tx: Transaction) => Promise<T>, apply?: (result: T) => void): Promise<T>;
  /**
   * Read the database in one transaction, queued with the writes so it sees every committed one.
   * Never bumps the revision (ETags stay as they were) and never persists anything. For module
   * loaders at start; requests read the in-memory models, never this.
   */
  read<T>(work: (tx: ReadTransaction) => Promise<T>): Promise<T>;
  /**
   * `deleteDB`: empty the database in one transaction (see `store/forget.ts` for what survives and
   * why): every resource, every other key, the settings back to their defaults. Models must be
   * loaded again afterwards.
   */
  forgetData(keepKey: string): Promise<void>;
  /**
   * A restore: `work` replaces the database's contents in one transaction (after it the revision
   * moves past both the old and the restored one, so no ETag repeats), then everything the store
   * keeps in memory is loaded again from the database. Models must be loaded again afterwards.
   */
  replaceAll(work: (tx: Transaction) => Promise<void>): Promise<void>;
  /** Persist lazily kept data (key last-use dates) and wait for pending writes. */
  flush(): Promise<void>;
  /** How the previous run ended and whether this database is new (see `security/reset-window.ts`). */
  startFacts(): Readonly<{ fresh: boolean; cleanShutdown: boolean }>;
  /**
   * Record that this run is stopping cleanly; the next start reads (and clears) it. Not a
   * revision: ETags do not change.
   */
  markCleanShutdown(): Promise<void>;
}
