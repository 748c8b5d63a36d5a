import { expect } from 'vitest';
import { jsonInit, type TestGateway } from '../helpers/gateway';
import { createClip } from '../rules/clip-sensors';

export const PIN = '4711';

/** Every WebSocket message the gateway would send, as sent (sorted, serialised JSON). */
export function recordEvents(gw: TestGateway): { messages: string[]; alarm(): Array<Record<string, unknown>>; stop(): void } {
  const messages: string[] = [];
  const stop = gw.gateway.services.events.subscribe((message) => messages.push(message));
  const alarm = () => messages.map((m) => JSON.parse(m) as Record<string, unknown>).filter((e) => e.r === 'alarmsystems');
  return { messages, alarm, stop };
}

export async function put(gw: TestGateway, key: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await gw.request(`/api/${key}${path}`, jsonInit('PUT', body));
  return { status: res.status, body: await res.json() };
}

export async function alarm(gw: TestGateway, key: string, id = '1'): Promise<Record<string, any>> {
  const res = await gw.request(`/api/${key}/alarmsystems/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, any>;
}

/** A CLIP door contact with a uniqueid long enough to be addressed by it, as the alarm system needs. */
export async function createDoor(gw: TestGateway, key: string): Promise<{ id: string; uniqueid: string }> {
  const id = await createClip(gw, key, 'CLIPOpenClose', { open: false });
  const res = await gw.request(`/api/${key}/sensors/${id}`);
  const { uniqueid } = (await res.json()) as { uniqueid: string };
  return { id, uniqueid };
}

/** Let the alarm model run what the clock made due. */
export async function tick(gw: TestGateway, ms = 0): Promise<void> {
  gw.clock.advance(ms);
  await gw.gateway.services.alarms.tick();
}
