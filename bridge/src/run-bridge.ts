import { fileURLToPath } from 'node:url';
import { loadConfig, type BridgeConfig } from './config';
import { startBridge, type RunningBridge } from './controller';
import { createLogger, LogRing, type Logger } from './logger';
import { collectWhenIdle } from './startup-gc';

/**
 * The bridge as a process runs it, in two steps: configuration from the environment and the root
 * logger, then the bridge started and its machine-readable ready line printed. main.ts runs it as
 * the bridge's own process; the one-process gateway (scripts/one-process/) runs it beside the api
 * through the bundle's exports (`@herdgate/bridge/run` names the types).
 */
const DEFAULT_NETWORK = fileURLToPath(new URL('../virtual-radio/networks/demo.json', import.meta.url));

/** The environment does not make a valid configuration: one message per problem. */
export class BridgeConfigError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('; '));
  }
}

export interface PreparedBridge {
  config: BridgeConfig;
  logger: Logger;
  /** Added as `process` to every log and ready line (several halves share one process's output). */
  tag?: string;
  /** The bridge's recent warnings and errors, relayed to the api's log view. */
  logs: LogRing;
}

/** Throws BridgeConfigError; nothing is started yet. */
export function prepareBridge(env: Record<string, string | undefined>, tag?: string): PreparedBridge {
  const result = loadConfig(env, DEFAULT_NETWORK);
  if (!result.ok) throw new BridgeConfigError(result.errors);
  const logs = new LogRing();
  return { config: result.config, logger: createLogger(result.config.logLevel, 'bridge', tag, logs), tag, logs };
}

/**
 * Starts the bridge (`onFatal`: the radio is lost, the process should stop and exit non-zero so its
 * supervisor restarts it) and prints the ready line; a failed start is logged and rethrown.
 */
export async function startPreparedBridge({ config, logger, tag, logs }: PreparedBridge, onFatal: (reason: string) => void): Promise<RunningBridge> {
  let bridge: RunningBridge;
  try {
    bridge = await startBridge(config, logger, onFatal, { logs });
  } catch (err) {
    logger.error({ err }, 'bridge failed to start');
    throw err;
  }
  // One machine-readable line for supervisors and tests.
  const ready = {
    event: 'ready',
    ...(tag ? { process: tag } : {}),
    bridge: bridge.bridgeId,
    mqtt: bridge.mqttUrl,
    mqttWs: bridge.wsUrl,
    ...bridge.tlsUrls,
    radioControl: bridge.radioControlUrl,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  // Once the work that follows the ready line is done, before the first report or command.
  if (config.gcAfterStart) {
    collectWhenIdle((ms) =>
      logger.debug(
        { ms: ms === undefined ? null : Math.round(ms * 10) / 10 },
        ms === undefined ? 'no garbage collection available after start' : 'heap collected after start',
      ),
    );
  }
  return bridge;
}
