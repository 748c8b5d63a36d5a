import { expect } from 'vitest';
import WebSocket from 'ws';
import { jsonInit } from '../helpers/gateway';
import type { RuntimeGateway } from '../helpers/runtimes';
import { createClip } from '../rules/clip-sensors';

export const PIN = '4711';

/** What these helpers need: both runtimes' gateways, and the Node test gateway (lights tests). */
interface AlarmGateway {
  request(path: string, init?: RequestInit): Promise<Response>;
  settle(): Promise<void>;
  clock: { advance(ms: number): unknown };
}

export interface RecordedEvents {
  /** Every WebSocket message, as sent (sorted, serialised JSON). */
  messages: string[];
  alarm(): Array<Record<string, unknown>>;
  /** Wait (bounded) until the alarm events seen so far satisfy `check`. */
  until(check: (alarm: Array<Record<string, unknown>>) => boolean): Promise<void>;
  stop(): void;
}

/** A real WebSocket client on the gateway's event channel, on either runtime; `extensions`: herdgate's own events too. */
export async function recordEvents(gw: RuntimeGateway, options: { extensions?: boolean } = {}): Promise<RecordedEvents> {
  const socket = new WebSocket(options.extensions ? `${gw.websocketUrl}?events=all` : gw.websocketUrl);
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(String(data)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const alarm = () => messages.map((m) => JSON.parse(m) as Record<string, unknown>).filter((e) => e.r === 'alarmsystems');
  return {
    messages,
    alarm,
    async until(check) {
      const until = Date.now() + 5_000;
      while (!check(alarm())) {
        if (Date.now() > until) throw new Error(`alarm events not as expected in time: ${JSON.stringify(alarm())}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    stop: () => socket.close(),
  };
}

export async function put(gw: AlarmGateway, key: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await gw.request(`/api/${key}${path}`, jsonInit('PUT', body));
  return { status: res.status, body: await res.json() };
}

export async function alarm(gw: AlarmGateway, key: string, id = '1'): Promise<Record<string, any>> {
  const res = await gw.request(`/api/${key}/alarmsystems/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, any>;
}

/** A CLIP door contact with a uniqueid long enough to be addressed by it, as the alarm system needs. */
export async function createDoor(gw: AlarmGateway, key: string): Promise<{ id: string; uniqueid: string }> {
  const id = await createClip(gw, key, 'CLIPOpenClose', { open: false });
  const res = await gw.request(`/api/${key}/sensors/${id}`);
  const { uniqueid } = (await res.json()) as { uniqueid: string };
  return { id, uniqueid };
}

/** Let the alarm model run what the clock made due. */
export async function tick(gw: AlarmGateway, ms = 0): Promise<void> {
  await gw.clock.advance(ms);
  await gw.settle();
}
