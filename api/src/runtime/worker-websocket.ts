import type { DurableObjectState, WebSocket as WorkerWebSocket } from '@cloudflare/workers-types';

/**
 * The deCONZ WebSocket push channel on workerd, with the hibernation API: the Durable Object
 * accepts each client (`ctx.acceptWebSocket`), so the runtime keeps the connections even while the
 * object sleeps, and fans each event out to `ctx.getWebSockets()` in publish order. Like deCONZ,
 * any path upgrades, no key is needed and what clients send is ignored.
 *
 * Slow clients: workerd exposes no send-buffer size (no `bufferedAmount`), so the Node limit cannot
 * be measured here; the runtime buffers per connection and closes it when the peer is gone.
 */
declare const WebSocketPair: { new (): { 0: WorkerWebSocket; 1: WorkerWebSocket } };

export function isUpgrade(request: Request): boolean {
  return request.headers.get('Upgrade')?.toLowerCase() === 'websocket';
}

export function acceptEventSocket(ctx: DurableObjectState): Response {
  const pair = new WebSocketPair();
  ctx.acceptWebSocket(pair[1]);
  return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit);
}

/** Sends one serialised event to every connected client; returns how many it reached. */
export function fanOut(ctx: DurableObjectState, message: string): number {
  let sent = 0;
  for (const ws of ctx.getWebSockets()) {
    try {
      ws.send(message);
      sent += 1;
    } catch {
      // Closing or closed: the runtime reports it through webSocketClose/webSocketError.
    }
  }
  return sent;
}
