import type { DurableObjectState, WebSocket as WorkerWebSocket } from '@cloudflare/workers-types';

/**
 * The deCONZ WebSocket push channel on workerd, with the hibernation API: the Durable Object
 * accepts each client (`ctx.acceptWebSocket`), so the runtime keeps the connections even while the
 * object sleeps, and fans each event out to `ctx.getWebSockets()` in publish order. Like deCONZ,
 * any path upgrades and what clients send is ignored; the same policy as on Node refuses pages of
 * other origins, caps connections and can require a key (docs/security.md). A client that asked for
 * herdgate's own events (`?events=all`) is tagged so; the others get only what deCONZ could send.
 *
 * Slow clients: no cut-off here. workerd queues `send()` without limit and exposes neither the
 * queue's size nor its draining, and `close()` waits behind the queue, so the Node limit can neither
 * be measured nor enforced (api/README.md, "On workerd"). The runtime closes sockets whose peer is gone.
 */
import { wantsExtensions, type EventMessages } from '../../events/deconz-view';
import { SERVICE_RESTART_CLOSE } from '../../events/types';
import { admitWebSocket, type WebSocketPolicy } from '../../security/websocket-admission';

/** The tag (kept by the runtime across hibernation) of clients that asked for herdgate's own events. */
const EXTENSIONS_TAG = 'events:all';

declare const WebSocketPair: { new (): { 0: WorkerWebSocket; 1: WorkerWebSocket } };

export function isUpgrade(request: Request): boolean {
  return request.headers.get('Upgrade')?.toLowerCase() === 'websocket';
}

/** Accept or refuse an upgrade by the gateway's WebSocket policy (origin, cap, optional key). */
export function upgradeEventSocket(ctx: DurableObjectState, request: Request, policy: WebSocketPolicy): Response {
  const protocols = (request.headers.get('Sec-WebSocket-Protocol') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const admission = admitWebSocket(
    policy,
    { origin: request.headers.get('Origin') ?? undefined, host: new URL(request.url).host, url: request.url, protocols },
    ctx.getWebSockets().length,
  );
  if (!admission.ok) {
    const body = JSON.stringify([{ error: { address: '/', description: admission.reason, type: admission.status === 503 ? 951 : 1 } }]);
    return new Response(body, { status: admission.status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  }
  const pair = new WebSocketPair();
  ctx.acceptWebSocket(pair[1], wantsExtensions(request.url) ? [EXTENSIONS_TAG] : []);
  const headers = admission.protocol ? { 'Sec-WebSocket-Protocol': admission.protocol } : undefined;
  return new Response(null, { status: 101, webSocket: pair[0], headers } as ResponseInit);
}

/** Sends one event to every connected client, as each asked for it; returns how many it reached. */
export function fanOut(ctx: DurableObjectState, messages: EventMessages): number {
  let sent = 0;
  for (const ws of ctx.getWebSockets()) {
    const message = ctx.getTags(ws).includes(EXTENSIONS_TAG) ? messages.all : messages.deconz;
    if (message === undefined) continue;
    try {
      ws.send(message);
      sent += 1;
    } catch {
      // Closing or closed: the runtime reports it through webSocketClose/webSocketError.
    }
  }
  return sent;
}

/** A restore: every client is closed (1012, after what it was sent) and reconnects to the new gateway. */
export function closeEventSockets(ctx: DurableObjectState, reason: string): void {
  for (const ws of ctx.getWebSockets()) {
    try {
      ws.close(SERVICE_RESTART_CLOSE, reason.slice(0, 120));
    } catch {
      // Already closing.
    }
  }
}
