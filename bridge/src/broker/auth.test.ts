import type { MqttClient } from 'mqtt';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerHandle } from './start-broker';
import { connect, connectBridge, endAll, startTestBroker } from '../../test/support/broker-clients';
import { waitFor } from '../../../test/helpers/wait';

const handles: BrokerHandle[] = [];
const clients: MqttClient[] = [];
afterEach(async () => {
  await endAll(clients.splice(0));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function broker(options: Parameters<typeof startTestBroker>[0] = {}) {
  const handle = await startTestBroker(options);
  handles.push(handle);
  return { handle, url: `mqtt://127.0.0.1:${handle.port}` };
}
const keep = (client: MqttClient) => (clients.push(client), client);
const refusal = (promise: Promise<MqttClient>) =>
  promise.then(
    (client) => (keep(client), 'accepted'),
    (error: Error & { code?: number }) => error.code,
  );

describe('broker authentication', () => {
  it('should let anonymous clients in only when allowed', async () => {
    const allowed = await broker({ allowAnonymous: true });
    expect(keep(await connect(allowed.url)).connected).toBe(true);
    const closed = await broker({ allowAnonymous: false });
    expect(await refusal(connect(closed.url))).toBe(5);
  });

  it('should refuse anonymous clients that do not come from loopback, even when allowed', async () => {
    // The broker listens on every address; this machine's own non-loopback address stands in for the LAN.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    if (!lan) return expect.fail('this test needs a non-loopback IPv4 address');
    const { handle } = await broker({ host: '0.0.0.0', allowAnonymous: true });
    expect(await refusal(connect(`mqtt://${lan}:${handle.port}`))).toBe(5);
    expect(await refusal(connect(`mqtt://127.0.0.1:${handle.port}`))).toBe('accepted');
  });

  it('should require a valid account once users are configured', async () => {
    const { url } = await broker({ users: [{ username: 'scripts', password: 's3cret' }], allowAnonymous: false });
    expect(await refusal(connect(url))).toBe(5);
    expect(await refusal(connect(url, { username: 'scripts', password: 'wrong' }))).toBe(4);
    expect(await refusal(connect(url, { username: 'nobody', password: 's3cret' }))).toBe(4);
    expect(await refusal(connect(url, { username: 'scripts', password: 's3cret' }))).toBe('accepted');
  });

  it('should accept the bridge identity and only with its password', async () => {
    const { handle, url } = await broker({ users: [{ username: 'scripts', password: 's3cret' }] });
    expect(keep(await connectBridge(handle)).connected).toBe(true);
    expect(await refusal(connect(url, { username: handle.internal.username, password: 'guess' }))).toBe(4);
  });

  it('should honour a configured bridge identity', async () => {
    const internal = { username: 'bridge-x', password: 'p' };
    const { handle } = await broker({ internal });
    expect(handle.internal).toMatchObject(internal);
    expect(keep(await connectBridge(handle)).connected).toBe(true);
  });

  it('should refuse outsiders that take a client id reserved for the bridge', async () => {
    const { handle, url } = await broker();
    const bridge = keep(await connectBridge(handle, 'main'));
    expect(await refusal(connect(url, { clientId: `${handle.internal.clientIdPrefix}-main` }))).toBe(2);
    expect(bridge.connected).toBe(true);
  });

  it('should cap connections of clients other than the bridge, and persistent sessions', async () => {
    const { handle, url } = await broker({ limits: { maxConnections: 2, maxSessions: 1 } });
    keep(await connect(url));
    keep(await connect(url, { clean: false, clientId: 'keeper' }));
    expect(await refusal(connect(url))).toBe(3);
    expect(keep(await connectBridge(handle)).connected).toBe(true);
    await endAll(clients.splice(0));
    // The broker has let go of them (the bridge's own connection among them).
    await waitFor(() => handle.broker.connectedClients === 0, 'the broker to count the ended clients gone', 5_000, 10);
    expect(await refusal(connect(url, { clean: false, clientId: 'second' }))).toBe(3);
    expect(await refusal(connect(url, { clean: false, clientId: 'keeper' }))).toBe('accepted');
  });
});
