/**
 * The gateway's recent warnings and errors, kept in memory for the log view (`GET /api/<key>/logs`
 * and the web app's Logs page). Each half keeps its own ring fed from its root pino logger; the
 * bridge relays its entries to the api over the MQTT contract (`bridge/<id>/log`), so one view
 * shows both even when they run on different hosts.
 */

export const LOG_LEVELS = ['warn', 'error', 'fatal'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
export type LogProcess = 'api' | 'bridge';

/** pino's numeric levels for the names kept here. */
const PINO_LEVEL: Record<LogLevelName, number> = { warn: 40, error: 50, fatal: 60 };

export interface LogEntry {
  /** Increasing within one ring, so a reader can ask for what came after the last it saw. */
  id: number;
  /** ISO 8601 in UTC. */
  time: string;
  level: LogLevelName;
  process: LogProcess;
  msg: string;
  /** The REST request that caused it (`X-Request-Id`), when one did. */
  reqid?: string;
  /** The feature that wrote it (pino's `name` or `module` binding). */
  module?: string;
  /** The device it is about, in herdsman's `0x…` form. */
  ieee?: string;
  /** The error's message, when an error was logged (never its stack). */
  err?: string;
}

export type LogRecord = Omit<LogEntry, 'id'>;

export interface LogQuery {
  /** Only entries at this level or above. */
  level?: LogLevelName;
  /** Only entries with a larger id. */
  after?: number;
  ieee?: string;
  /** Newest first, at most this many. */
  limit?: number;
}

export const DEFAULT_LOG_CAPACITY = 500;
const MAX_TEXT = 500;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

export class LogRing {
  private readonly items: LogEntry[] = [];
  private next = 1;
  private readonly listeners = new Set<(entry: LogEntry) => void>();

  constructor(private readonly capacity = DEFAULT_LOG_CAPACITY) {}

  push(record: LogRecord): LogEntry {
    const entry: LogEntry = { ...record, msg: clip(record.msg), ...(record.err ? { err: clip(record.err) } : {}), id: this.next++ };
    this.items.push(entry);
    if (this.items.length > this.capacity) this.items.shift();
    for (const listener of this.listeners) listener(entry);
    return entry;
  }

  /** Newest first. */
  entries(query: LogQuery = {}): LogEntry[] {
    const floor = PINO_LEVEL[query.level ?? 'warn'];
    const out: LogEntry[] = [];
    for (let i = this.items.length - 1; i >= 0 && out.length < (query.limit ?? this.capacity); i--) {
      const entry = this.items[i]!;
      if (query.after !== undefined && entry.id <= query.after) break;
      if (PINO_LEVEL[entry.level] < floor) continue;
      if (query.ieee !== undefined && entry.ieee !== query.ieee) continue;
      out.push(entry);
    }
    return out;
  }

  /** Called for every entry pushed from now on; returns the unsubscribe. */
  onEntry(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function levelName(level: unknown): LogLevelName | undefined {
  if (typeof level !== 'number') return undefined;
  if (level >= PINO_LEVEL.fatal) return 'fatal';
  if (level >= PINO_LEVEL.error) return 'error';
  if (level >= PINO_LEVEL.warn) return 'warn';
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A pino record (parsed JSON line) as a log entry; undefined below warn. */
export function recordFromPino(line: Record<string, unknown>, process: LogProcess): LogRecord | undefined {
  const level = levelName(line.level);
  if (!level) return undefined;
  const err = line.err && typeof line.err === 'object' ? text((line.err as Record<string, unknown>).message) : text(line.err);
  const time = typeof line.time === 'number' ? new Date(line.time).toISOString() : new Date().toISOString();
  const reqid = text(line.reqId) ?? text(line.requestId);
  const module = text(line.feature) ?? text(line.module) ?? text(line.name);
  const ieee = text(line.ieee);
  return {
    time,
    level,
    process,
    msg: text(line.msg) ?? err ?? '(no message)',
    ...(reqid ? { reqid } : {}),
    ...(module ? { module } : {}),
    ...(ieee ? { ieee } : {}),
    ...(err ? { err } : {}),
  };
}

/**
 * A pino destination (give it to `pino.multistream` at level `warn`) that keeps what it is given in
 * `ring`. A line that is not JSON is ignored: the log view must never break logging.
 */
export function ringDestination(ring: LogRing, process: LogProcess): { write(line: string): void } {
  return {
    write(line: string) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      if (!parsed || typeof parsed !== 'object') return;
      const record = recordFromPino(parsed as Record<string, unknown>, process);
      if (record) ring.push(record);
    },
  };
}

export function isLogLevel(value: string): value is LogLevelName {
  return (LOG_LEVELS as readonly string[]).includes(value);
}
