import type { Logger } from 'pino';
import type { Timers } from '../services/timers';
import type { ArchiveStore } from './archive-store';
import { archiveTime, exportArchive, type ExportDeps, type ExportOutcome } from './export-archive';

export interface BackupServiceDeps extends ExportDeps {
  archives: ArchiveStore;
  logger: Logger;
  /** `BACKUP_INTERVAL_HOURS` (0: no automatic backups) and `BACKUP_KEEP`. */
  automatic: { intervalHours: number; keep: number };
}

const HOUR_MS = 3_600_000;
/** The first look after a start: the bridge has come online by then. */
const FIRST_CHECK_MS = 60_000;

/**
 * The gateway's backups: `POST /config/export` and the automatic ones write an archive into the
 * archive store, `GET /config/export` hands out the newest. One export runs at a time; a second
 * caller shares the running one's result. Automatic backups: `tick()` (every hour, or every
 * interval when shorter) writes one when the newest archive is an interval old, then keeps the
 * newest `keep` archives; a failed one (bridge away) is tried again at the next tick.
 */
export class BackupService {
  private running: Promise<ExportOutcome> | undefined;
  private readonly log: Logger;
  private timer: unknown;
  private timers: Timers | undefined;

  constructor(private readonly deps: BackupServiceDeps) {
    this.log = deps.logger.child({ module: 'backup' });
  }

  /** Writes a new archive and keeps it in the store. */
  export(why: 'request' | 'automatic'): Promise<ExportOutcome> {
    this.running ??= this.run(why).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(timers: Timers): void {
    const { intervalHours } = this.deps.automatic;
    if (intervalHours === 0) return;
    this.timers = timers;
    const every = Math.min(intervalHours * HOUR_MS, HOUR_MS);
    const next = (ms: number) => {
      this.timer = timers.set(
        () =>
          void this.tick()
            .catch((err: unknown) => this.log.error({ err }, 'automatic backup failed'))
            .finally(() => next(every)),
        ms,
      );
    };
    next(Math.min(FIRST_CHECK_MS, every));
    this.log.info({ intervalHours, keep: this.deps.automatic.keep }, 'automatic backups on');
  }

  stop(): void {
    if (this.timer !== undefined) this.timers?.clear(this.timer);
    this.timer = undefined;
    this.timers = undefined;
  }

  /** Writes an automatic backup when the newest archive is an interval old (or there is none), then rotates. */
  async tick(): Promise<'written' | 'not due' | 'failed'> {
    const { intervalHours, keep } = this.deps.automatic;
    if (intervalHours === 0) return 'not due';
    const newest = (await this.names()).at(-1);
    const age = newest === undefined ? Number.POSITIVE_INFINITY : this.deps.clock.now() - (archiveTime(newest) ?? 0);
    if (age < intervalHours * HOUR_MS) return 'not due';
    const outcome = await this.export('automatic');
    if (!outcome.ok) return 'failed';
    await this.prune(keep);
    return 'written';
  }

  /** The newest kept archive, if any. */
  async latest(): Promise<{ name: string; bytes: Uint8Array } | undefined> {
    const names = await this.names();
    for (const name of names.reverse()) {
      const bytes = await this.deps.archives.read(name);
      if (bytes) return { name, bytes };
    }
    return undefined;
  }

  /** Deletes the oldest archives beyond `keep`. */
  async prune(keep: number): Promise<string[]> {
    const names = await this.names();
    const gone = names.slice(0, Math.max(0, names.length - keep));
    for (const name of gone) await this.deps.archives.remove(name);
    if (gone.length > 0) this.log.info({ removed: gone, kept: names.length - gone.length }, 'old backups removed');
    return gone;
  }

  /** Oldest first by the time in the name (the bridge id before it changes with an EmberZNet stick). */
  private async names(): Promise<string[]> {
    const names = await this.deps.archives.list();
    return names.sort((a, b) => (archiveTime(a) ?? 0) - (archiveTime(b) ?? 0) || a.localeCompare(b));
  }

  private async run(why: string): Promise<ExportOutcome> {
    const started = this.deps.clock.now();
    const outcome = await exportArchive(this.deps);
    if (!outcome.ok) {
      // An automatic backup while the bridge is away is tried again at the next tick: not a warning.
      const level = why === 'automatic' && outcome.code === 'not_connected' ? 'info' : 'warn';
      this.log[level]({ why, code: outcome.code, reason: outcome.message }, 'backup failed');
      return outcome;
    }
    await this.deps.archives.save(outcome.name, outcome.bytes);
    this.log.info({ why, name: outcome.name, bytes: outcome.bytes.length, ms: this.deps.clock.now() - started }, 'backup written');
    return outcome;
  }
}
