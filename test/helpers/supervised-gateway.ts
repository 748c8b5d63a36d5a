import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTs, type Child } from './child-process';
import { createRestClient, type RestClient } from './clients';
import { freePort } from './processes';
import { waitFor } from './wait';

export type GatewayPorts = Record<'http' | 'ws' | 'mqtt' | 'radio' | 'control', number>;

export interface SupervisedGateway {
  dir: string;
  ports: GatewayPorts;
  process: Child;
  /** A REST client with a fresh key from the default gateway login. */
  rest: RestClient;
  /** SIGTERM to the supervisor; resolves with its exit code once everything stopped. */
  stop(): Promise<number | null>;
}

export interface SupervisedGatewayOptions {
  /** `npm run start:edge`: the api on workerd; REST and WebSocket share `ports.http`. */
  edge?: boolean;
  /** More environment for `npm start` (e.g. `RADIO_PROTOCOL`). */
  env?: Record<string, string>;
}

/**
 * The whole gateway as `npm start` runs it (scripts/start.ts: virtual radio with the demo network,
 * bridge, api), on free loopback ports and a temp data folder, ready once the api hands out a key.
 * The ports are picked before `npm start` binds them, so another test on this machine can take one
 * in between: a child failing with EADDRINUSE makes the whole start again on fresh ports.
 */
export async function startSupervisedGateway(prefix: string, options: SupervisedGatewayOptions = {}): Promise<SupervisedGateway> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(prefix, options);
    if (started !== 'port taken') return started;
    if (attempt === 3) throw new Error('npm start: a port was taken by someone else three times in a row');
  }
}

async function startOnce(prefix: string, options: SupervisedGatewayOptions): Promise<SupervisedGateway | 'port taken'> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ports: GatewayPorts = { http: await freePort(), ws: await freePort(), mqtt: await freePort(), radio: await freePort(), control: await freePort() };
  if (options.edge) ports.ws = ports.http;
  const edgeEnv: Record<string, string> = options.edge
    ? { EDGE_PORT: String(ports.http), MQTT_WS_PORT: String(await freePort()), WRANGLER_LOG_LEVEL: 'warn' }
    : {};
  const child = spawnTs('scripts/start.ts', options.edge ? ['--edge'] : [], {
    ...edgeEnv,
    DATA_DIR: dir,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(ports.http),
    WEBSOCKET_PORT: String(ports.ws),
    MQTT_PORT: String(ports.mqtt),
    RADIO_PORT: String(ports.radio),
    RADIO_CONTROL_PORT: String(ports.control),
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  let stopped: Promise<number | null> | undefined;
  const stop = () => {
    stopped ??= child.stop(20_000).finally(() => rmSync(dir, { recursive: true, force: true }));
    return stopped;
  };
  // The supervisor forwards every child's output; a child that cannot bind says EADDRINUSE.
  const taken = child.line((line) => (line.includes('EADDRINUSE') ? ('port taken' as const) : undefined), 120_000, 'a port conflict');
  taken.catch(() => undefined);
  const ready = (async () => {
    await child.line((line) => (line.includes('"event":"ready"') ? true : undefined), 60_000, 'bridge ready');
    const rest = await waitFor(() => createRestClient(`http://127.0.0.1:${ports.http}`).catch(() => undefined), 'a REST key', 30_000);
    return { dir, ports, process: child, rest, stop };
  })();
  // Lost the race to a port conflict: the supervisor is stopped and this wait fails unseen.
  ready.catch(() => undefined);
  try {
    const outcome = await Promise.race([ready, taken]);
    if (outcome === 'port taken') await stop();
    return outcome;
  } catch (err) {
    await stop();
    throw err;
  }
}
