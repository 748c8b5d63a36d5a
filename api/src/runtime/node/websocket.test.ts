import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DeconzEvent } from '../../events/types';
import { startWebSocket } from './websocket';
import { connect, startRig, type Rig, type TestClient } from '../../../test/helpers/websocket-rig';
import { waitFor } from '../../../../test/helpers/wait';

const rigs: Rig[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  for (const rig of rigs.splice(0)) await rig.close();
});

async function rig(options?: Parameters<typeof startRig>[0]): Promise<Rig> {
  const started = await startRig(options);
  rigs.push(started);
  return started;
}

async function client(url: string): Promise<TestClient> {
  const connected = await connect(url);
  clients.push(connected);
  return connected;
}

const sensorEvent = (n: number): DeconzEvent => ({
  t: 'event',
  e: 'changed',
  r: 'sensors',
  id: '5',
  uniqueid: '00:15:8d:00:01:02:03:04-01-0006',
  state: { buttonevent: 1000 + n, lastupdated: '2024-01-01T12:00:00.000' },
});

describe('websocket server', () => {
  it('should push the sorted deCONZ envelope to a client on the dedicated port, in publish order', async () => {
    const { hub, ws } = await rig();
    const listener = await client(`ws://127.0.0.1:${ws.port}/`);
    for (let n = 0; n < 200; n++) hub.publish(sensorEvent(n));
    await waitFor(() => listener.received.length === 200, '200 events', 5_000);
    expect(listener.received[0]).toBe(
      '{"e":"changed","id":"5","r":"sensors","state":{"buttonevent":1000,"lastupdated":"2024-01-01T12:00:00.000"},"t":"event","uniqueid":"00:15:8d:00:01:02:03:04-01-0006"}',
    );
    const order = listener.received.map((message) => (JSON.parse(message) as { state: { buttonevent: number } }).state);
    expect(order.map((state) => state.buttonevent)).toEqual(Array.from({ length: 200 }, (_, n) => 1000 + n));
  });

  it('should accept the upgrade on any path of the HTTP port and keep serving plain HTTP there', async () => {
    const { hub, httpPort } = await rig();
    const onRoot = await client(`ws://127.0.0.1:${httpPort}/`);
    const onPath = await client(`ws://127.0.0.1:${httpPort}/api/some/where?x=1`);
    hub.publish(sensorEvent(1));
    await waitFor(() => onRoot.received.length === 1 && onPath.received.length === 1, 'both clients', 5_000);
    expect(onPath.received).toEqual(onRoot.received);
    const response = await fetch(`http://127.0.0.1:${httpPort}/api/config`);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('should fan out to clients on both ports alike', async () => {
    const { hub, ws, httpPort } = await rig();
    const dedicated = await client(`ws://127.0.0.1:${ws.port}`);
    const shared = await client(`ws://127.0.0.1:${httpPort}`);
    expect(ws.clientCount()).toBe(2);
    for (let n = 0; n < 20; n++) hub.publish(sensorEvent(n));
    await waitFor(() => dedicated.received.length === 20 && shared.received.length === 20, '20 events each', 5_000);
    expect(shared.received).toEqual(dedicated.received);
  });

  it('should ignore what clients send', async () => {
    const { hub, ws } = await rig();
    const chatty = await client(`ws://127.0.0.1:${ws.port}`);
    chatty.socket.send('{"subscribe":"everything"}');
    chatty.socket.send('not json at all');
    hub.publish(sensorEvent(7));
    await waitFor(() => chatty.received.length === 1, 'an event after chatter', 5_000);
    expect(chatty.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('should answer a plain HTTP request on the dedicated port with 426', async () => {
    const { ws } = await rig();
    const response = await fetch(`http://127.0.0.1:${ws.port}/`);
    expect(response.status).toBe(426);
    expect(await response.json()).toEqual([{ error: { address: '/', description: 'websocket upgrade required', type: 4 } }]);
  });

  it('should open no second listener when asked for the HTTP port itself', async () => {
    const base = await rig();
    const second = await startWebSocket({ server: base.http, port: base.httpPort, hub: base.hub, logger: base.logger });
    try {
      expect(second.port).toBe(base.httpPort);
    } finally {
      await second.close();
    }
  });

  it('should reject with the port named when the dedicated port is taken', async () => {
    const base = await rig();
    const other = await rig();
    const taken = startWebSocket({ server: other.http, port: base.ws.port, hub: other.hub, logger: other.logger });
    await expect(taken).rejects.toThrow(`websocket port ${base.ws.port}: listen EADDRINUSE`);
  });
});
