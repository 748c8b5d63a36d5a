import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { jsonLine, ROOT, spawnCommand, spawnTs, type Child } from './child-process';
import type { RadioProtocol } from './protocols';

/** A free loopback port (the kernel's pick, released at once) for a server that must keep its port across restarts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The pids whose parent is `parent`, read from /proc. */
export const childrenOf = (parent: number): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (the command name in field 2 may hold spaces).
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent ? [Number(entry)] : [];
      } catch {
        return [];
      }
    });

export interface RadioProcess {
  child: Child;
  /** `tcp://127.0.0.1:<port>` for herdsman's deconz or zstack adapter. */
  path: string;
  /** Base URL of the control API (bridge/virtual-radio/README.md). */
  control: string;
  stop(): Promise<void>;
}

/** The virtual radio (`bridge/virtual-radio/src/main.ts`), ports read from its two stdout JSON lines. */
export async function startRadio(options: { statePath: string; network?: string; protocol?: RadioProtocol; newStick?: boolean }): Promise<RadioProcess> {
  const args = ['--port', '0', '--control-port', '0', '--state', options.statePath, '--log-level', 'warn', '--protocol', options.protocol ?? 'deconz'];
  if (options.network) args.push('--network', options.network);
  if (options.newStick) args.push('--new-stick');
  const child = spawnTs(join(ROOT, 'bridge/virtual-radio/src/main.ts'), args, {});
  try {
    const portOf = (service: string) => (line: string) => {
      const json = jsonLine(line);
      return json?.service === service && typeof json.port === 'number' ? json.port : undefined;
    };
    const radio = await child.line(portOf('radio'), 20_000, 'virtual radio port');
    const control = await child.line(portOf('control'), 5_000, 'virtual radio control port');
    return {
      child,
      path: `tcp://127.0.0.1:${radio}`,
      control: `http://127.0.0.1:${control}`,
      stop: async () => {
        await child.stop(5_000);
      },
    };
  } catch (err) {
    await child.kill();
    throw err;
  }
}

/** The bridge as a child process, as production runs it: the one launcher of every test folder. */
export interface BridgeProcess {
  child: Child;
  bridgeId: string;
  mqttUrl: string;
  /** The embedded broker's TLS listeners, when configured. */
  tls: { mqtts?: string; wss?: string };
  /** The control API of the bridge's own virtual radio (none on an external radio). */
  radioControl: string;
  dataDir: string;
  /** Its output so far: stdout lines and stderr chunks, in arrival order. */
  logs: string[];
  /** Resolves with the exit code when the process ends (by itself or stopped). */
  exited: Promise<number | null>;
  /** Clean stop (SIGTERM): the bridge says offline and stops herdsman. */
  stop(): Promise<number | null>;
  /** A crash (SIGKILL unless told otherwise): the broker goes down with it. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface BridgeOptions {
  dataDir: string;
  /** An external radio (`tcp://…`); none: the bridge runs its own virtual radio child. */
  radioPath?: string;
  /** The embedded broker's port; fixed so a restarted bridge comes back where the api reconnects (default ephemeral). */
  mqttPort?: number;
  /** The radio's protocol, which picks herdsman's adapter (default deconz). */
  protocol?: RadioProtocol;
  /** LOG_LEVEL, unless `env` sets it (default warn). */
  logLevel?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** A built bundle to run with plain node instead of `bridge/src/main.ts`. */
  entry?: string;
}

type ReadyLine = { bridge: string; mqtt: string; mqtts?: string; wss?: string; radioControl?: string };

/** The bridge (`bridge/src/main.ts`), waiting for its `{"event":"ready"}` line. */
export async function startBridge(options: BridgeOptions): Promise<BridgeProcess> {
  const env = {
    ...(options.radioPath ? { ZIGBEE_ADAPTER: options.protocol ?? 'deconz', ZIGBEE_PATH: options.radioPath } : {}),
    DATA_DIR: options.dataDir,
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(options.mqttPort ?? 0),
    PERMIT_JOIN_ON_START: '0',
    LOG_LEVEL: options.logLevel ?? 'warn',
    // Test clients (probes, the api) connect without an account, from loopback.
    MQTT_ALLOW_ANONYMOUS: '1',
    ...options.env,
  };
  const child = options.entry ? spawnCommand(process.execPath, [options.entry], env) : spawnTs(join(ROOT, 'bridge/src/main.ts'), [], env);
  try {
    const ready = await child.line(
      (line) => {
        const json = jsonLine(line);
        return json?.event === 'ready' ? (json as ReadyLine) : undefined;
      },
      options.timeoutMs ?? 40_000,
      'bridge ready line',
    );
    return {
      child,
      bridgeId: ready.bridge,
      mqttUrl: ready.mqtt,
      tls: { mqtts: ready.mqtts, wss: ready.wss },
      radioControl: ready.radioControl ?? '',
      dataDir: options.dataDir,
      logs: child.output,
      exited: child.exited,
      stop: () => child.stop(15_000),
      kill: (signal = 'SIGKILL') => {
        if (signal === 'SIGKILL') return child.kill();
        child.process.kill(signal);
        return child.exited;
      },
    };
  } catch (err) {
    await child.kill();
    throw err;
  }
}

export interface ApiProcess {
  child: Child;
  /** `http://127.0.0.1:<port>`. */
  base: string;
}

/**
 * The Node api as its own process (`api/src/runtime/node/main.ts`) on loopback ephemeral ports,
 * its database at `databaseUrl`; `env` adds the rest (MQTT_URL, its broker account). Resolves
 * once it says it listens; a test that kills it with SIGKILL starts it again the same way.
 */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const child = spawnTs(join(ROOT, 'api/src/runtime/node/main.ts'), [], {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: '0',
    WEBSOCKET_PORT: '0',
    MQTT_URL: 'none',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    ...env,
  });
  try {
    const port = await child.line(
      (line) => (line.includes('herdgate api listening') ? (jsonLine(line) as { httpPort: number } | undefined)?.httpPort : undefined),
      60_000,
      'api listening',
    );
    return { child, base: `http://127.0.0.1:${port}` };
  } catch (err) {
    await child.kill();
    throw err;
  }
}
