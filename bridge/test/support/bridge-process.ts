import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../../../test/helpers/bundles';

/**
 * Runs the real bridge (`bridge/src/main.ts`) as a child process, as production does: its own
 * virtual radio child, its embedded broker on an ephemeral loopback port. Every wait is bounded.
 */
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface BridgeProcess {
  bridgeId: string;
  mqttUrl: string;
  /** The embedded broker's TLS listeners, when configured. */
  tls: { mqtts?: string; wss?: string };
  radioControl: string;
  dataDir: string;
  logs: string[];
  /** Resolves with the exit code when the process ends by itself (or is stopped). */
  exited: Promise<number | null>;
  /** Kill without a clean stop (e.g. SIGKILL to test the broker's last will). */
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<number | null>;
}

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'herdgate-bridge-'));

/** `entry`: a built bundle to run with plain node instead of the TypeScript sources through tsx. */
export async function startBridgeProcess(options: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  entry?: string;
}): Promise<BridgeProcess> {
  const child: ChildProcess = spawn(process.execPath, options.entry ? [options.entry] : nodeArgs(MAIN), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PERMIT_JOIN_ON_START: '0',
      MQTT_ALLOW_ANONYMOUS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  try {
    const ready = await new Promise<{ bridge: string; mqtt: string; mqtts?: string; wss?: string; radioControl: string }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bridge not ready within ${options.timeoutMs ?? 30_000} ms:\n${logs.join('')}`)),
        options.timeoutMs ?? 30_000,
      );
      void exited.then((code) => reject(new Error(`bridge exited with ${code}:\n${logs.join('')}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        logs.push(line);
        if (!line.includes('"event":"ready"')) return;
        clearTimeout(timer);
        resolve(JSON.parse(line) as { bridge: string; mqtt: string; mqtts?: string; wss?: string; radioControl: string });
      });
    });
    return {
      bridgeId: ready.bridge,
      mqttUrl: ready.mqtt,
      tls: { mqtts: ready.mqtts, wss: ready.wss },
      radioControl: ready.radioControl,
      dataDir: options.dataDir,
      logs,
      exited,
      kill: (signal) => child.kill(signal),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
