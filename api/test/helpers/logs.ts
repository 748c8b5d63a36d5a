import { pino, type Logger } from 'pino';

/** A real pino logger whose JSON lines are kept for the test to read. */
export function capturedLogger(level = 'debug'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
