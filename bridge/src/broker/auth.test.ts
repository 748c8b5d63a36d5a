import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAllowAnonymous } from './options';
import type { BrokerHandle } from './start-broker';
import { connect, connectBridge, endAll, startTestBroker } from './test-support';

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
  it('should let anonymous clients in on loopback when no account is configured', async () => {
    const { url } = await broker();
    const client = keep(await connect(url));
    expect(client.connected).toBe(true);
  });

  it('should require a valid account once users are configured', async () => {
    const { url } = await broker({ users: [{ username: 'scripts', password: 's3cret' }] });
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

  it('should decide anonymous access by bind address and accounts', () => {
    expect(resolveAllowAnonymous('127.0.0.1', [])).toBe(true);
    expect(resolveAllowAnonymous('::1', [])).toBe(true);
    expect(resolveAllowAnonymous('0.0.0.0', [])).toBe(false);
    expect(resolveAllowAnonymous('192.168.1.10', [])).toBe(false);
    expect(resolveAllowAnonymous('127.0.0.1', [{ username: 'a', password: 'b' }])).toBe(false);
    expect(resolveAllowAnonymous('0.0.0.0', [], true)).toBe(true);
  });
});
