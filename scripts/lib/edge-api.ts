/**
 * The api half of `npm run start:edge`: `wrangler dev` in local mode (no account, no network)
 * running the Worker (api/src/runtime/worker/main.ts), which follows the bridge over MQTT-over-WebSocket.
 * The api's settings from this environment become Worker vars, written to an env file in the data
 * folder (not the command line, where other users could read secrets).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { envSchema } from '@herdgate/api/env';
import type { ChildSpec } from './supervisor';

export const DEFAULT_EDGE_PORT = '8787';

export interface EdgeApiOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** The bridge broker's WebSocket listener, e.g. ws://127.0.0.1:1884. */
  brokerWsUrl: string;
}

const wranglerBin = () => join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');

/** `file:` databases mean nothing in a Worker: it keeps its data in its Durable Object instead. */
function workerVars(env: NodeJS.ProcessEnv, brokerWsUrl: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of Object.keys(envSchema.entries)) {
    const value = env[name];
    if (value !== undefined && value !== '') vars[name] = value;
  }
  if (vars.DATABASE_URL?.startsWith('file:')) delete vars.DATABASE_URL;
  vars.MQTT_URL = env.EDGE_MQTT_URL ?? brokerWsUrl;
  return vars;
}

export function edgeApiSpec({ env, dataDir, brokerWsUrl }: EdgeApiOptions): ChildSpec {
  const vars = workerVars(env, brokerWsUrl);
  const varsFile = resolve(dataDir, 'edge.env');
  const quote = (value: string) => JSON.stringify(value);
  writeFileSync(
    varsFile,
    Object.entries(vars)
      .map(([name, value]) => `${name}=${quote(value)}\n`)
      .join(''),
    { mode: 0o600 },
  );
  return {
    name: 'api',
    command: process.execPath,
    args: [
      wranglerBin(),
      'dev',
      '--ip',
      env.HTTP_HOST ?? '127.0.0.1',
      '--port',
      env.EDGE_PORT ?? DEFAULT_EDGE_PORT,
      '--env-file',
      varsFile,
      '--persist-to',
      resolve(dataDir, 'edge-state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      env.WRANGLER_LOG_LEVEL ?? 'info',
    ],
    env: {
      WRANGLER_SEND_METRICS: 'false',
      // Wrangler's logs stay with the gateway's data, not in the user's config folder.
      WRANGLER_LOG_PATH: resolve(dataDir, 'wrangler-logs'),
    },
    ready: (line) => line.includes('Ready on'),
    processGroup: true,
  };
}
