import type { Logger } from 'pino';
import type { ArchiveStore } from './archive-store';
import { exportArchive, type ExportDeps, type ExportOutcome } from './export-archive';

export interface BackupServiceDeps extends ExportDeps {
  archives: ArchiveStore;
  logger: Logger;
}

/**
 * The gateway's backups: `POST /config/export` and the automatic ones write an archive into the
 * archive store, `GET /config/export` hands out the newest. One export runs at a time; a second
 * caller shares the running one's result.
 */
export class BackupService {
  private running: Promise<ExportOutcome> | undefined;
  private readonly log: Logger;

  constructor(private readonly deps: BackupServiceDeps) {
    this.log = deps.logger.child({ module: 'backup' });
  }

  /** Writes a new archive and keeps it in the store. */
  export(why: 'request' | 'automatic'): Promise<ExportOutcome> {
    this.running ??= this.run(why).finally(() => { this.running = undefined; });
    return this.running;
  }

  /** The newest kept archive, if any. */
  async latest(): Promise<{ name: string; bytes: Uint8Array } | undefined> {
    const names = await this.deps.archives.list();
    for (const name of names.reverse()) {
      const bytes = await this.deps.archives.read(name);
      if (bytes) return { name, bytes };
    }
    return undefined;
  }

  /** Deletes the oldest archives beyond `keep`. */
  async prune(keep: number): Promise<string[]> {
    const names = await this.deps.archives.list();
    const gone = names.slice(0, Math.max(0, names.length - keep));
    for (const name of gone) await this.deps.archives.remove(name);
    if (gone.length > 0) this.log.info({ removed: gone, kept: names.length - gone.length }, 'old backups removed');
    return gone;
  }

  private async run(why: string): Promise<ExportOutcome> {
    const started = this.deps.clock.now();
    const outcome = await exportArchive(this.deps);
    if (!outcome.ok) {
      this.log.warn({ why, code: outcome.code, reason: outcome.message }, 'backup failed');
      return outcome;
    }
    await this.deps.archives.save(outcome.name, outcome.bytes);
    this.log.info({ why, name: outcome.name, bytes: outcome.bytes.length, ms: this.deps.clock.now() - started }, 'backup written');
    return outcome;
  }
}
