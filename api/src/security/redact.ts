/** A request path safe to log: the API key in `/api/<key>/…` is replaced. */
export function redactPath(path: string): string {
  return path.replace(/^(\/api\/)[^/]+/i, (whole, prefix: string) => (/^\/api\/config$/i.test(whole) ? whole : `${prefix}<key>`));
}
