/**
 * The page's Content-Security-Policy: its own scripts and styles only (no inline code, no other
 * host), and WebSocket connections back to the host the page came from on any port (the event
 * port is separate from the HTTP port on Node). `host` comes from the request URL; anything but
 * a plain host name or address drops that allowance rather than reaching the header.
 */
export function contentSecurityPolicy(host: string): string {
  const safe = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/.test(host);
  const sockets = safe ? ` ws://${host}:* wss://${host}:*` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every web app answer carries. */
export function pageHeaders(host: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(host),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}
