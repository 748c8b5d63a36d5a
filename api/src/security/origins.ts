/**
 * Browser origins allowed to read answers and to create keys or open the WebSocket: exactly the
 * ones the operator configured (`CORS_ORIGINS`). `*` allows any page to read (never with
 * credentials) but still not to create keys: a page that can mint a key can control the house.
 */
export interface OriginPolicy {
  /** `*`, or exact origins such as `https://phoscon.example`. Empty: no page of another origin. */
  readonly origins: readonly string[];
}

export function parseOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

/** The `Access-Control-Allow-Origin` value for a request's `Origin`, or undefined for none. */
export function allowOriginHeader(policy: OriginPolicy, origin: string | undefined): string | undefined {
  if (origin === undefined) return undefined;
  if (policy.origins.includes(origin)) return origin;
  return policy.origins.includes('*') ? '*' : undefined;
}

/**
 * May a request with this `Origin` create a key or open the WebSocket? Requests without `Origin`
 * (Home Assistant, Node-RED, homebridge, curl) are not from a page and pass; a page must be listed
 * by name (`*` is not enough).
 */
export function originMayAct(policy: OriginPolicy, origin: string | undefined): boolean {
  return origin === undefined || policy.origins.includes(origin);
}

function defaultPort(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
}

/**
 * Is `origin` the gateway's own web app: a page from the same host name the request was sent to
 * (`Host`), on that request's port or one of `pagePorts` (the HTTP port, when the request came to
 * the separate WebSocket port)? Its requests are the gateway's own UI, not another site's.
 */
export function isOwnPage(origin: string | undefined, host: string | undefined, pagePorts: readonly number[] = []): boolean {
  if (origin === undefined || host === undefined || origin === 'null') return false;
  try {
    const page = new URL(origin);
    const target = new URL(`http://${host}`);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
    if (page.hostname !== target.hostname) return false;
    const port = defaultPort(page);
    return port === defaultPort(target) || pagePorts.includes(port);
  } catch {
    return false;
  }
}
