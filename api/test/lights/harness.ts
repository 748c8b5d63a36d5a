import WebSocket from 'ws';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { FakeLink } from './fake-link';

/** A gateway on a scripted link; `restart()` keeps the same link and database. */
export async function startLightingGateway(link = new FakeLink()): Promise<{ gw: TestGateway; link: FakeLink; key: string }> {
  const gw = await startTestGateway({}, undefined, { bridge: () => link });
  const key = await gw.createKey();
  return { gw, link, key };
}

/**
 * Collects WebSocket events from a real client on the gateway's WebSocket port. By default the
 * `r: "devices"` events (the same changes seen per device) are left out, so counts stay per resource.
 */
export async function listen(gw: TestGateway, keep: (event: Record<string, unknown>) => boolean = (event) => event.r !== 'devices'): Promise<{ events: Record<string, unknown>[]; close(): void; next(count: number): Promise<Record<string, unknown>[]> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${gw.gateway.websocketPort}`);
  const events: Record<string, unknown>[] = [];
  ws.on('message', (data) => {
    const event = JSON.parse(String(data)) as Record<string, unknown>;
    if (keep(event)) events.push(event);
  });
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  return {
    events,
    close: () => ws.close(),
    async next(count) {
      const until = Date.now() + 3000;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return events.slice(0, count);
    },
  };
}

export async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
