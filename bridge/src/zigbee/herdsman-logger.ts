import type { Logger } from 'pino';

/**
 * herdsman and the converters share one logger shape (message or lambda + namespace). Route both
 * into pino so their lines are structured like ours; lambdas are only evaluated when enabled.
 */
export interface LibraryLogger {
  debug: (message: string | (() => string), namespace: string) => void;
  info: (message: string | (() => string), namespace: string) => void;
  warning: (message: string | (() => string), namespace: string) => void;
  error: (message: string | (() => string), namespace: string) => void;
}

export function toLibraryLogger(logger: Logger): LibraryLogger {
  const emit = (level: 'debug' | 'info' | 'warn' | 'error', message: string | (() => string), namespace: string) => {
    if (!logger.isLevelEnabled(level)) return;
    logger[level]({ ns: namespace }, typeof message === 'function' ? message() : message);
  };
  return {
    debug: (m, ns) => emit('debug', m, ns),
    info: (m, ns) => emit('info', m, ns),
    warning: (m, ns) => emit('warn', m, ns),
    error: (m, ns) => emit('error', m, ns),
  };
}
