import { isOwnPage, originMayAct } from './origins';

/**
 * Who may open the WebSocket. deCONZ lets anyone on the network listen to every event; herdgate
 * keeps that by default (so deCONZ clients work unchanged) but refuses web pages of origins the
 * operator did not allow, caps the number of connections, and can require an API key
 * (`WEBSOCKET_AUTH=key`), given as a subprotocol (`new WebSocket(url, [key])`) or as `?key=`.
 */
export interface WebSocketPolicy {
  origins: readonly string[];
  requireKey: boolean;
  maxClients: number;
  /** Is this a whitelisted API key (compared in constant time by the store)? */
  isKey(candidate: string): boolean;
  /** Ports the gateway's own web app is served on (the HTTP port), besides the upgrade's own port. */
  pagePorts?: readonly number[];
}

export interface UpgradeRequest {
  origin: string | undefined;
  /** The `Host` the upgrade was sent to (the gateway's own web app is from that host). */
  host?: string;
  /** The request target, e.g. `/?key=…`. */
  url: string;
  /** Offered subprotocols (`Sec-WebSocket-Protocol`), in order. */
  protocols: readonly string[];
}

export type Admission =
  | { ok: true /** The subprotocol to answer with (the key, when given that way). */; protocol?: string }
  | { ok: false; status: 401 | 403 | 503; reason: string };

export function admitWebSocket(policy: WebSocketPolicy, request: UpgradeRequest, clients: number): Admission {
  const ownPage = isOwnPage(request.origin, request.host, policy.pagePorts);
  if (!ownPage && !originMayAct({ origins: policy.origins }, request.origin)) return { ok: false, status: 403, reason: 'origin not allowed' };
  if (clients >= policy.maxClients) return { ok: false, status: 503, reason: 'too many websocket clients' };
  const viaProtocol = request.protocols.find((protocol) => policy.isKey(protocol));
  if (!policy.requireKey) return { ok: true, protocol: viaProtocol };
  if (viaProtocol) return { ok: true, protocol: viaProtocol };
  const query = new URL(request.url, 'http://gateway').searchParams.get('key');
  if (query !== null && policy.isKey(query)) return { ok: true };
  return { ok: false, status: 401, reason: 'an API key is required (subprotocol or ?key=)' };
}
