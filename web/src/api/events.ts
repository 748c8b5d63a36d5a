/** A deCONZ WebSocket message (`t` is always "event"). */
export interface GatewayEvent {
  t: 'event';
  e: 'added' | 'changed' | 'deleted' | 'scene-called';
  r: string;
  id?: string;
  uniqueid?: string;
  state?: Record<string, unknown>;
  config?: Record<string, unknown>;
  attr?: Record<string, unknown>;
  name?: string;
  [key: string]: unknown;
}

export type LinkStatus = 'connecting' | 'open' | 'closed';

export interface EventStream {
  close(): void;
}

/**
 * Follows the gateway's WebSocket (`websocketport` from /config, same host) and comes back after
 * a drop with exponential backoff (0.5 s doubling to 15 s); `onOpen` lets the caller reload state
 * it may have missed while away.
 */
export function followEvents(
  port: number,
  key: string,
  handlers: { onEvent(event: GatewayEvent): void; onStatus(status: LinkStatus): void; onOpen(): void },
): EventStream {
  let socket: WebSocket | undefined;
  let delay = 500;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const connect = () => {
    handlers.onStatus('connecting');
    // The key as subprotocol is what a gateway with WEBSOCKET_AUTH=key asks for; others ignore it.
    // `events=all`: herdgate's own events too (devices, network map, touchlink, settings), which
    // the gateway sends only to clients that ask, as deCONZ clients fail on them.
    socket = new WebSocket(`${scheme}://${location.hostname}:${port}/?events=all`, [key]);
    socket.onopen = () => {
      delay = 500;
      handlers.onStatus('open');
      handlers.onOpen();
    };
    socket.onmessage = (message) => {
      try {
        const event = JSON.parse(String(message.data)) as GatewayEvent;
        if (event.t === 'event') handlers.onEvent(event);
      } catch {
        // Not an event: nothing to show.
      }
    };
    socket.onclose = () => {
      handlers.onStatus('closed');
      if (stopped) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 15_000);
    };
  };
  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
