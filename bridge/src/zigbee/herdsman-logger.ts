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

/**
 * herdsman's info lines written once per device and step: debug for us, as the bridge sums pairing
 * up itself (features/pairing-summary.ts); a first start pairing dozens would print a page of them.
 */
const PER_DEVICE_INFO = [/^Interview for '[^']+' started$/, /^Succesfully interviewed '[^']+'/, /^Device '[^']+' is only compliant to revision/];

export function toLibraryLogger(logger: Logger): LibraryLogger {
  const emit = (level: 'debug' | 'info' | 'warn' | 'error', message: string | (() => string), namespace: string) => {
    if (!logger.isLevelEnabled(level)) return;
    logger[level]({ ns: namespace }, typeof message === 'function' ? message() : message);
  };
  const info = (message: string | (() => string), namespace: string) => {
    if (!logger.isLevelEnabled('info')) return;
    const text = typeof message === 'function' ? message() : message;
    emit(PER_DEVICE_INFO.some((pattern) => pattern.test(text)) ? 'debug' : 'info', text, namespace);
  };
  return {
    debug: (m, ns) => emit('debug', m, ns),
    info,
    warning: (m, ns) => emit('warn', m, ns),
    error: (m, ns) => emit('error', m, ns),
  };
}
