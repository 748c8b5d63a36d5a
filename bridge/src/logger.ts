import { pino, type Logger } from 'pino';
import { LogRing } from '@herdgate/shared/log';
import { ringLogger } from '@herdgate/shared/node/logger';

export type { Logger };
export { LogRing };

/**
 * One pino root logger per process; features get children named after themselves. `tag` adds a
 * `process` field to every line (the one-process gateway: which half wrote it). With `ring`, every
 * warning and error is also kept there for the log view, whatever the configured level prints.
 */
export function createLogger(level: string, name = 'bridge', tag?: string, ring?: LogRing): Logger {
  const root = ring ? ringLogger(level, ring, 'bridge', { name }) : pino({ name, level });
  return tag ? root.child({ process: tag }) : root;
}
