/**
 * Pieces the real-stack suites share: the environment of a bridge on the suite's virtual radio
 * with its embedded broker open to the suite's unauthenticated clients, a wait for the radio to go
 * quiet, and an api child started with a few extra variables.
 */
import { randomBytes } from 'node:crypto';
import type { BenchRadio } from './bench-radio';
import { startChildServer, type ChildServer } from './child-server';

/**
 * The api's account on the bridge's embedded broker, as `npm start` gives it one: without it the
 * api's administrative requests (alarm state, keypad keys, backups) are refused as anonymous.
 */
export const BENCH_API_ACCOUNT = { MQTT_USER: 'bench-api', MQTT_PASSWORD: randomBytes(12).toString('base64url') } as const;

export function bridgeEnv(radioPort: number, mqttPort: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ZIGBEE_ADAPTER: 'deconz',
    ZIGBEE_PATH: `tcp://127.0.0.1:${radioPort}`,
    DATA_DIR: dataDir,
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    MQTT_ALLOW_ANONYMOUS: '1',
    LOG_LEVEL: 'warn',
    PERMIT_JOIN_ON_START: '254',
    ...BENCH_API_ACCOUNT,
  };
  delete env.MQTT_URL;
  return env;
}

/** Resolves once the radio has seen no host frame for `forMs` (or after `maxMs`). */
export async function quiet(radio: BenchRadio, forMs: number, maxMs: number): Promise<void> {
  const until = performance.now() + maxMs;
  while (performance.now() - radio.lastFrameAt() < forMs && performance.now() < until) await new Promise((r) => setTimeout(r, 200));
}

/** A child server that inherits the environment plus `extra`, set for its start only. */
export async function startChildWith<Info>(entry: string, extra: Record<string, string>, readyTimeoutMs: number): Promise<ChildServer<Info>> {
  const saved = Object.fromEntries(Object.keys(extra).map((name) => [name, process.env[name]]));
  Object.assign(process.env, extra);
  try {
    return await startChildServer<Info>(entry, readyTimeoutMs);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** Waits `ms` without requests, logging the memory every 30 s (how it settles shows in the log). */
export async function atRest(ms: number, memory: () => string, log: (line: string) => void): Promise<void> {
  for (let waited = 0; waited < ms; waited += 30_000) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, ms - waited)));
    log(`at rest ${Math.min(ms, waited + 30_000) / 1000} s: ${memory()}`);
  }
}
