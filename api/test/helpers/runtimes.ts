import { afterAll, beforeAll, describe } from 'vitest';
import { startEdgeGateway } from './edge-gateway';
import { BASIC_DEFAULT, startTestGateway, type TestGateway } from './gateway';

export type Runtime = 'node' | 'workerd';

/** A running gateway seen only from the outside (HTTP and WebSocket), whatever runs it. */
export interface RuntimeGateway {
  runtime: Runtime;
  base: string;
  /** Where clients open the event WebSocket (the Worker serves it by upgrade on its own port). */
  websocketUrl: string;
  /** The port `/config` must report as `websocketport`. */
  websocketPort: number;
  request(path: string, init?: RequestInit): Promise<Response>;
  createKey(devicetype?: string): Promise<string>;
  /** Node only: the in-process gateway, for tests that move its clock or look inside. */
  node?: TestGateway;
  close(): Promise<void>;
}

export const RUNTIMES: readonly Runtime[] = ['node', 'workerd'];

export async function startRuntimeGateway(runtime: Runtime): Promise<RuntimeGateway> {
  if (runtime === 'node') {
    const gw = await startTestGateway({ MQTT_URL: 'none' });
    const port = gw.gateway.websocketPort;
    return { runtime, base: gw.base, websocketUrl: `ws://127.0.0.1:${port}`, websocketPort: port, request: gw.request, createKey: gw.createKey, node: gw, close: gw.close };
  }
  const edge = await startEdgeGateway();
  const request = (path: string, init?: RequestInit) => fetch(edge.base + path, { ...init, signal: AbortSignal.timeout(10_000) });
  return {
    runtime,
    base: edge.base,
    websocketUrl: `ws://127.0.0.1:${edge.port}/`,
    websocketPort: edge.port,
    request,
    async createKey(devicetype = 'test#client') {
      const res = await request('/api', { method: 'POST', headers: { Authorization: BASIC_DEFAULT }, body: JSON.stringify({ devicetype }) });
      const body = (await res.json()) as [{ success: { username: string } }];
      if (res.status !== 200) throw new Error(`key creation failed: ${JSON.stringify(body)}`);
      return body[0].success.username;
    },
    close: edge.close,
  };
}

/**
 * The conformance suite's shape: `body` runs once per runtime, against one gateway per runtime
 * started for the file (`gw()` inside tests). The same assertions hold on Node and on workerd.
 */
export function describeOnRuntimes(name: string, body: (gw: () => RuntimeGateway) => void): void {
  describe.each(RUNTIMES)(`${name} on %s`, (runtime) => {
    let gateway: RuntimeGateway | undefined;
    beforeAll(async () => {
      gateway = await startRuntimeGateway(runtime);
    }, 90_000);
    afterAll(async () => {
      await gateway?.close();
    });
    body(() => {
      if (!gateway) throw new Error(`${runtime} gateway did not start`);
      return gateway;
    });
  });
}
