import WebSocket from 'ws';

export interface EventLog {
  /** Every kept event, in arrival order. */
  events: Record<string, unknown>[];
  /** Wait (bounded) until `check` holds for the events seen so far. */
  until(check: (events: Record<string, unknown>[]) => boolean, ms?: number): Promise<void>;
  close(): void;
}

/**
 * A real WebSocket client on a gateway's event channel, on either runtime (`websocketUrl` of a
 * RuntimeGateway). By default the `r: "devices"` events (the same changes seen per device) are left
 * out, so counts stay per resource. Those and herdgate's other own events come only with
 * `extensions` (the `?events=all` a client opts in with); without it the client is a deCONZ one.
 */
export async function listenEvents(
  gw: { websocketUrl: string },
  keep: (event: Record<string, unknown>) => boolean = (event) => event.r !== 'devices',
  options: { extensions?: boolean } = {},
): Promise<EventLog> {
  const socket = new WebSocket(options.extensions ? `${gw.websocketUrl}?events=all` : gw.websocketUrl);
  const events: Record<string, unknown>[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as Record<string, unknown>;
    if (keep(event)) events.push(event);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    events,
    async until(check, ms = 15_000) {
      const until = Date.now() + ms;
      while (!check(events)) {
        if (Date.now() > until) throw new Error(`events not as expected in time: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => socket.close(),
  };
}
