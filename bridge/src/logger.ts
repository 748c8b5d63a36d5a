import { pino, type Logger } from 'pino';

export type { Logger };

/** One pino root logger per process; features get children named after themselves. */
export function createLogger(level: string, name = 'bridge'): Logger {
  return pino({ name, level });
}
