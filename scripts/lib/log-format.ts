/**
 * How `npm start` shows its children's output. Every child logs pino JSON lines; on a terminal they
 * become short coloured lines (`pretty`), otherwise they stay JSON (`json`, for journald, files and
 * `jq`) with the process they came from added. A line that is not JSON (a stack trace, wrangler's
 * own output) is kept as text in `pretty` and wrapped as a message in `json`.
 */

export type LogFormat = 'json' | 'pretty';

export interface LineFormatter {
  /** One line a child printed on stdout or stderr. */
  child(name: string, line: string): string;
  /** A message of the supervisor itself. */
  own(message: string, fields?: Record<string, unknown>): string;
}

/** `LOG_FORMAT` wins; otherwise pretty on a terminal and JSON anywhere else. */
export function chooseLogFormat(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): LogFormat {
  const asked = env.LOG_FORMAT;
  if (asked === undefined || asked === '') return isTTY ? 'pretty' : 'json';
  if (asked === 'json' || asked === 'pretty') return asked;
  throw new Error(`LOG_FORMAT must be json or pretty, got "${asked}"`);
}

const LEVELS: Record<number, { label: string; colour: number }> = {
  10: { label: 'TRACE', colour: 90 },
  20: { label: 'DEBUG', colour: 90 },
  30: { label: 'INFO ', colour: 32 },
  40: { label: 'WARN ', colour: 33 },
  50: { label: 'ERROR', colour: 31 },
  60: { label: 'FATAL', colour: 35 },
};
const NAME_COLOURS: Record<string, number> = { radio: 36, bridge: 35, api: 34, herdgate: 1 };
/** pino's own fields, and the ones shown elsewhere in a pretty line. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v', 'event', 'process']);

const paint = (colour: number, text: string, colours: boolean) => (colours ? `\x1b[${colour}m${text}\x1b[0m` : text);

/** A line that is one JSON object (what pino writes), else undefined. */
export function parseObject(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toISOString().slice(11, 23);
}

/** `key=value` pairs for the fields a reader needs (errors keep their message and stack). */
function details(entry: Record<string, unknown>, process?: string): string {
  const parts: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN.has(key) || value === undefined || (key === 'name' && value === process)) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: unknown; stack?: unknown };
      parts.push(`err=${JSON.stringify(err.message ?? value)}`);
      if (typeof err.stack === 'string') stack = `\n${err.stack}`;
      continue;
    }
    parts.push(`${key}=${typeof value === 'string' && !/[\s"=]/.test(value) ? value : JSON.stringify(value)}`);
  }
  return (parts.length > 0 ? `  ${parts.join(' ')}` : '') + stack;
}

export function prettyFormatter(colours = true): LineFormatter {
  const line = (name: string, level: number | undefined, time: unknown, text: string) => {
    const who = paint(NAME_COLOURS[name] ?? 37, name.padEnd(8), colours);
    const tag = level === undefined ? '     ' : paint(LEVELS[level]?.colour ?? 37, LEVELS[level]?.label ?? String(level).padEnd(5), colours);
    return `${paint(90, clock(time), colours)} ${who} ${tag} ${text}\n`;
  };
  return {
    child(name, raw) {
      const entry = parseObject(raw);
      if (!entry) return line(name, undefined, undefined, raw);
      const level = typeof entry.level === 'number' ? entry.level : undefined;
      // Machine lines (`{"event":"ready",…}`) carry no msg: their event names them.
      const msg = typeof entry.msg === 'string' ? entry.msg : typeof entry.event === 'string' ? entry.event : '';
      // The one-process gateway names the half that wrote a line.
      const who = typeof entry.process === 'string' ? entry.process : name;
      return line(who, level, entry.time, msg + paint(90, details(entry, who), colours));
    },
    own: (message, fields = {}) => line('herdgate', 30, undefined, message + paint(90, details(fields), colours)),
  };
}

export function jsonFormatter(): LineFormatter {
  return {
    child(name, raw) {
      const entry = parseObject(raw);
      if (entry) return `${JSON.stringify({ ...entry, process: entry.process ?? name })}\n`;
      return `${JSON.stringify({ level: 30, time: Date.now(), process: name, msg: raw })}\n`;
    },
    own: (message, fields = {}) => `${JSON.stringify({ level: 30, time: Date.now(), process: 'herdgate', ...fields, msg: message })}\n`,
  };
}

/** The name as a coloured prefix, output otherwise untouched (the supervisor's default). */
export function prefixFormatter(): LineFormatter {
  const prefix = (name: string) => `\x1b[${NAME_COLOURS[name] ?? 37}m${name.padEnd(6)}\x1b[0m | `;
  return {
    child: (name, raw) => `${prefix(name)}${raw}\n`,
    own: (message) => `herdgate | ${message}\n`,
  };
}

export function formatterFor(format: LogFormat): LineFormatter {
  return format === 'json' ? jsonFormatter() : prettyFormatter(true);
}
