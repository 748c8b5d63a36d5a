/**
 * deCONZ serialises every JSON object from a Qt QVariantMap, so keys come out sorted and the output
 * is compact; clients (and our golden fixtures) see exactly that. Numbers never use an exponent.
 */
export function stringifySorted(value: unknown): string {
  return write(value) ?? 'null';
}

// Every REST answer goes through here, so it is written for speed: string concatenation, no
// intermediate arrays, and a bounded cache of quoted keys (field names repeat in every answer).
const MAX_CACHED_KEYS = 4096;
const quotedKeys = new Map<string, string>();

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < MAX_CACHED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? writeArray(value) : writeObject(value);
    default:
      // undefined, functions and symbols are dropped, as JSON.stringify does.
      return undefined;
  }
}

function writeArray(items: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    out += write(items[i]) ?? 'null';
  }
  return `${out}]`;
}

function writeObject(value: object): string | undefined {
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return write(withJson.toJSON());
  const record = value as Record<string, unknown>;
  // Plain string order, as Qt's QVariantMap: "1","10","2", not the integer-first order of JS objects.
  const keys = Object.keys(record);
  if (!isSorted(keys)) keys.sort();
  let out = '{';
  for (const key of keys) {
    const item = write(record[key]);
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${quoteKey(key)}:${item}`;
  }
  return `${out}}`;
}

function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return false;
  return true;
}

/** Shortest round-trip form, but never `1e-7` / `1e+21`: deCONZ prints plain decimals. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  if (!Number.isFinite(value)) return 'null';
  const text = String(value);
  if (!text.includes('e')) return text;
  const [mantissa, exponentText] = text.split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}
