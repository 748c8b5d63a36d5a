import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupStateEvent } from '../../events';
import { createNodeGateway, type NodeGateway } from './gateway';
import { connect, type TestClient } from '../../../test/helpers/websocket-rig';
import { waitFor } from '../../../../test/helpers/wait';

// The WebSocket server as the gateway wires it: both ports, and the port the config reports.
describe('gateway websocket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-ws-gateway-'));
  const clients: TestClient[] = [];
  let gateway: NodeGateway;
  let base: string;

  beforeAll(async () => {
    gateway = await createNodeGateway(
      { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(dir, 'test.db')}`, MQTT_URL: 'none' },
      { logger: pino({ level: 'silent' }) },
    );
    base = `http://127.0.0.1:${gateway.httpPort}`;
  });

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await gateway?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should report its dedicated port as websocketport in the config', async () => {
    const created = await fetch(`${base}/api`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
      body: JSON.stringify({ devicetype: 'ws-test' }),
    });
    const [{ success }] = (await created.json()) as [{ success: { username: string } }];
    const config = (await (await fetch(`${base}/api/${success.username}/config`)).json()) as { websocketport: number };
    expect(gateway.websocketPort).not.toBe(gateway.httpPort);
    expect(config.websocketport).toBe(gateway.websocketPort);
  });

  it('should push hub events to clients on the websocket port and on the HTTP port', async () => {
    const dedicated = await connect(`ws://127.0.0.1:${gateway.websocketPort}/`);
    const shared = await connect(`ws://127.0.0.1:${gateway.httpPort}/ws`);
    clients.push(dedicated, shared);
    gateway.services.events.publish(groupStateEvent({ id: '4', all_on: false, any_on: true }));
    await waitFor(() => dedicated.received.length === 1 && shared.received.length === 1, 'both clients', 5_000);
    const expected = '{"e":"changed","id":"4","r":"groups","state":{"all_on":false,"any_on":true},"t":"event"}';
    expect(dedicated.received).toEqual([expected]);
    expect(shared.received).toEqual([expected]);
  });
});
