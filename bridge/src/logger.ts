import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * One pino root logger per process; features get children named after themselves. `tag` adds a
 * `process` field to every line (the one-process gateway: which half wrote it).
 */
export function createLogger(level: string, name = 'bridge', tag?: string): Logger {
  const root = pino({ name, level });
  return tag ? root.child({ process: tag }) : root;
}
