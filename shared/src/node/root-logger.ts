import { pino, type Logger } from 'pino';
import { ringDestination, type LogProcess, type LogRing } from '../log/index';

const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY };

/**
 * A process's root pino logger that prints at `level` on stdout and also keeps every warning and
 * error in `ring` for the log view, whatever the printed level (so `LOG_LEVEL=error` or `silent`
 * still leaves warnings to read in the web app).
 */
export function ringLogger(level: string, ring: LogRing, process: LogProcess, bindings: { name?: string } = {}): Logger {
  const printed = LEVEL_VALUES[level] ?? LEVEL_VALUES.info!;
  const streams: pino.StreamEntry[] = [{ level: 'warn', stream: ringDestination(ring, process) }];
  if (printed !== Number.POSITIVE_INFINITY) streams.push({ level: level as pino.Level, stream: pino.destination(1) });
  return pino({ ...bindings, level: printed < LEVEL_VALUES.warn! ? level : 'warn' }, pino.multistream(streams));
}
