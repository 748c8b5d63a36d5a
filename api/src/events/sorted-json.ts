/**
 * deCONZ serialises every JSON object from a Qt QVariantMap, so keys come out sorted and the output
 * is compact; clients (and our golden fixtures) see exactly that. Numbers never use an exponent.
 */
export function stringifySorted(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (value === null) return 'null';
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
      return writeObject(value as object);
    default:
      // undefined, functions and symbols are dropped, as JSON.stringify does.
      return undefined;
  }
}

function writeObject(value: object): string | undefined {
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return write(withJson.toJSON());
  if (Array.isArray(value)) {
    return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const item = write(record[key]);
    if (item !== undefined) parts.push(`${JSON.stringify(key)}:${item}`);
  }
  return `{${parts.join(',')}}`;
}

/** Shortest round-trip form, but never `1e-7` / `1e+21`: deCONZ prints plain decimals. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'null';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const [mantissa, exponentText] = text.toLowerCase().split('e');
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
