import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import type { DeconzEvent } from '../../events/types';
import { connect, startRig, type Rig, type TestClient } from '../../../test/helpers/websocket-rig';
import { waitFor, withTimeout } from '../../../../test/helpers/wait';

const rigs: Rig[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  for (const rig of rigs.splice(0)) await rig.close();
});

async function rig(options: Parameters<typeof startRig>[0]): Promise<Rig> {
  const started = await startRig(options);
  rigs.push(started);
  return started;
}

async function client(url: string, options?: ClientOptions): Promise<TestClient> {
  const connected = await connect(url, options);
  clients.push(connected);
  return connected;
}

// 8 KiB per message, so a paused reader fills the kernel buffers and then ours quickly.
const padding = 'x'.repeat(8 * 1024);
const bulkEvent = (n: number): DeconzEvent => ({ t: 'event', e: 'changed', r: 'lights', id: String(n), uniqueid: `u${n}`, state: { padding } });
const idOf = (message: string) => Number((JSON.parse(message) as { id: string }).id);

describe('websocket slow clients', () => {
  it('should cut off a client that stops reading while a healthy one receives everything', async () => {
    const { hub, ws, logs } = await rig({ maxBufferedBytes: 256 * 1024 });
    const healthy = await client(`ws://127.0.0.1:${ws.port}`);
    const slow = await client(`ws://127.0.0.1:${ws.port}`);
    slow.socket.pause();
    const cutOff = () => logs.some((line) => line.level === 40 && /too slow/.test(line.msg));
    let published = 0;
    // Bounded: at most 64 MiB in 32-message batches; loopback buffers hold a few MiB at most.
    for (let batch = 0; batch < 256 && !cutOff(); batch++) {
      for (let n = 0; n < 32; n++) hub.publish(bulkEvent(published++));
      await waitFor(() => healthy.received.length === published, `healthy client to get ${published}`, 10_000);
    }
    expect(cutOff()).toBe(true);
    const warning = logs.find((line) => line.level === 40)!;
    expect(warning.client).toMatch(/^ws#2 127\.0\.0\.1:\d+$/);
    expect(warning.limitBytes).toBe(256 * 1024);
    expect(ws.clientCount()).toBe(1);
    // The healthy client keeps receiving after the cut, and never missed or reordered one.
    hub.publish(bulkEvent(published++));
    await waitFor(() => healthy.received.length === published, 'the event after the cut', 5_000);
    expect(healthy.received.map(idOf)).toEqual(Array.from({ length: published }, (_, n) => n));
    // Once it reads again the slow client finds itself disconnected, with what it got in order.
    slow.socket.resume();
    expect(await withTimeout(slow.closed, 5_000, 'slow client close')).toBe(1006);
    expect(slow.received.length).toBeLessThan(published);
    expect(slow.received.map(idOf)).toEqual(Array.from({ length: slow.received.length }, (_, n) => n));
  });
});

describe('websocket keepalive', () => {
  it('should drop a client that stops answering pings and keep one that answers', async () => {
    const { hub, ws, logs } = await rig({ pingIntervalMs: 50 });
    const answering = await client(`ws://127.0.0.1:${ws.port}`);
    const dead = await client(`ws://127.0.0.1:${ws.port}`, { autoPong: false });
    let pings = 0;
    answering.socket.on('ping', () => pings++);
    expect(await withTimeout(dead.closed, 5_000, 'dead client dropped')).toBe(1006);
    expect(logs.some((line) => line.level === 40 && /no pong/.test(line.msg) && /^ws#2 /.test(line.client!))).toBe(true);
    await waitFor(() => pings >= 4, 'four pings to the answering client', 5_000);
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    expect(ws.clientCount()).toBe(1);
    hub.publish({ t: 'event', e: 'deleted', r: 'groups', id: '9' });
    await waitFor(() => answering.received.length === 1, 'an event after the keepalive rounds', 5_000);
  });
});
