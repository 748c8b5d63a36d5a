/**
 * herdgate's backup archive: the whole gateway (the api's database and the bridge's data) in one
 * file that any runtime can write and read (Web APIs only: gzip streams, SHA-256 from `crypto.subtle`).
 *
 * Layout: gzip of two lines. The first is the manifest (format, version, what made it, the SHA-256
 * and length of the second line); the second is the body (database rows and bridge files). gzip's
 * own CRC catches a damaged or truncated file, the manifest's hash a body that was edited, the
 * format name a file that is not ours and the version one written by a newer herdgate.
 */
export const ARCHIVE_FORMAT = 'herdgate-backup';
/** The newest archive version this code writes and reads. */
export const ARCHIVE_VERSION = 1;

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  /** ISO 8601, UTC. */
  created: string;
  /** The gateway that wrote it: its `bridgeid`, name and coordinator, so a restore can say what it replaces. */
  gateway: { bridgeid: string; name: string; coordinator?: CoordinatorFacts };
  /** Versions of the software that wrote it (herdgate, zigbee-herdsman…). */
  software: Record<string, string>;
  body: { sha256: string; bytes: number };
}

/** The coordinator as the open coordinator backup describes it. */
export interface CoordinatorFacts {
  ieee: string;
  /** herdsman adapter name (deconz, zstack, ember…), when known. */
  adapter?: string;
  panId?: string;
  channel?: number;
}

/** A column value: JSON, or bytes (BLOB columns) carried as `{"$bytes": base64}`. */
export type CellValue = string | number | boolean | null | { $bytes: string } | Record<string, unknown> | unknown[];
export type TableRows = Array<Record<string, CellValue>>;

export interface ArchiveBody {
  /**
   * The api's database: every table's rows by table name, columns by their schema names. A restore
   * refuses a table or column its own schema does not have (the backup is from a newer herdgate).
   */
  database: { tables: Record<string, TableRows> };
  /** The bridge's data files by name, base64, each with its SHA-256. */
  bridge: { files: Record<string, BridgeFile> };
}

export interface BridgeFile {
  sha256: string;
  data: string;
}

export interface BackupArchive {
  manifest: ArchiveManifest;
  body: ArchiveBody;
}

/** Why an upload or a file is refused; `reason` is stable, `message` says it to a person. */
export type ArchiveRefusal = { reason: 'damaged' | 'truncated' | 'foreign' | 'newer' | 'incomplete'; message: string };

/**
 * The bridge's own files in its data folder, which an archive carries and a restore replaces (each
 * with its companions: the `.bak` of the atomic writes, herdsman's `database.db.backup`). Anything
 * else there (the virtual radio's state, which is the stick, the automatic backups) is not gateway
 * data and stays.
 */
export const BRIDGE_DATA_FILES = [
  'network.json',
  'names.json',
  'removed-devices.json',
  'database.db',
  'coordinator_backup.json',
  // A takeover's first device states, until the bridge has applied them once.
  'initial-state.json',
] as const;

/** Whether `name` in the data folder belongs to the bridge data an archive replaces. */
export function isBridgeDataFile(name: string): boolean {
  return BRIDGE_DATA_FILES.some((file) => name === file || name.startsWith(`${file}.`));
}
