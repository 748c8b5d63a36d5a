import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from '../../test/helpers/gateway';
import { startBridgeProcess, tempDataDir, type BridgeProcess } from './support/bridge-process';
import { makeTestCa, type TestCa } from './support/test-ca';

/**
 * A split install: the api on another host reaches the bridge's embedded broker over TLS
 * (`mqtts://`, `wss://`), trusting a private CA. The CA and certificate are made for this run.
 */
const API = { username: 'herdgate-api', password: 'tls-test-only' };

describe('bridge broker over TLS', () => {
  let dir: string;
  let ca: TestCa;
  let bridge: BridgeProcess;
  let api: NodeGateway | undefined;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-tls-'));
    ca = makeTestCa(dir);
    const dataDir = tempDataDir();
    bridge = await startBridgeProcess({
      dataDir,
      env: {
        VIRTUAL_RADIO_NETWORK: join(dataDir, 'none.json'),
        MQTT_USER: API.username,
        MQTT_PASSWORD: API.password,
        MQTT_ALLOW_ANONYMOUS: '0',
        MQTT_TLS_PORT: '0',
        MQTT_WSS_PORT: '0',
        MQTT_TLS_CERT: ca.cert,
        MQTT_TLS_KEY: ca.key,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await api?.close();
    await bridge?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const tryConnect = (url: string, trust: boolean) =>
    connectAsync(url, { ...API, reconnectPeriod: 0, connectTimeout: 5_000, ...(trust ? { ca: readFileSync(ca.ca) } : {}) }).then(
      (client) => (clients.push(client), client),
      (error: Error) => error,
    );

  it.each(['mqtts', 'wss'] as const)('should serve %s to a client that trusts the CA, and answer a request', async (scheme) => {
    const url = bridge.tls[scheme]!;
    expect(url).toMatch(new RegExp(`^${scheme}://127\\.0\\.0\\.1:\\d+$`));
    const client = await tryConnect(url, true);
    if (client instanceof Error) throw client;
    const response = `herdgate/bridge/${bridge.bridgeId}/response/network/info`;
    await client.subscribeAsync(response);
    const answer = new Promise<string>((resolve) => client.on('message', (_topic, payload) => resolve(payload.toString())));
    await client.publishAsync(`herdgate/bridge/${bridge.bridgeId}/request/network/info`, '{"transaction":"tls"}');
    expect(JSON.parse(await answer)).toMatchObject({ transaction: 'tls', status: 'ok', data: { bridge: bridge.bridgeId } });
  });

  it('should refuse a client that does not trust the certificate', async () => {
    const refused = await tryConnect(bridge.tls.mqtts!, false);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/self.signed|unable to (get|verify)|certificate/i);
  });

  it('should let the api follow the bridge over mqtts with MQTT_CA', async () => {
    api = await startLoopbackGateway(
      {
        DATABASE_URL: `file:${join(dir, 'api.db')}`,
        MQTT_URL: bridge.tls.mqtts,
        MQTT_CA: ca.ca,
        MQTT_USER: API.username,
        MQTT_PASSWORD: API.password,
      },
      { logger: pino({ level: 'silent' }) },
    );
    const deadline = Date.now() + 15_000;
    while (!api.services.bridge.connected() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(api.services.bridge.connected()).toBe(true);
    const outcome = await api.services.bridge.request('network/info', {});
    expect(outcome).toMatchObject({ status: 'ok', data: { bridge: bridge.bridgeId } });
  }, 30_000);
});
