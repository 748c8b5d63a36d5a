import { fileURLToPath } from 'node:url';
import { exitWithParent } from '@herdgate/shared/node';
import { loadConfig } from './config';
import { startBridge, type RunningBridge } from './controller';
import { createLogger } from './logger';

/**
 * Thin entry: read env, start the bridge, stop cleanly on SIGINT/SIGTERM and then exit, because
 * zigbee-herdsman leaves timers running after controller.stop(). A lost radio exits non-zero so a
 * supervisor (npm start, systemd) restarts the bridge with a fresh Controller.
 */
const DEFAULT_NETWORK = fileURLToPath(new URL('../virtual-radio/networks/demo.json', import.meta.url));
const STOP_TIMEOUT_MS = 15_000;

const result = loadConfig(process.env, DEFAULT_NETWORK);
if (!result.ok) {
  for (const error of result.errors) process.stderr.write(`config: ${error}\n`);
  process.exit(2);
}
const logger = createLogger(result.config.logLevel);

let bridge: RunningBridge | undefined;
let stopping = false;

async function shutdown(reason: string, code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  logger.info({ reason }, 'bridge stopping');
  const guard = setTimeout(() => {
    logger.error('clean stop took too long; exiting anyway');
    process.exit(code || 1);
  }, STOP_TIMEOUT_MS);
  await bridge?.stop().catch((err: unknown) => logger.error({ err }, 'stop failed'));
  clearTimeout(guard);
  logger.info('bridge stopped');
  logger.flush();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
exitWithParent();
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection (bridge keeps running)'));

try {
  bridge = await startBridge(result.config, logger, (reason) => void shutdown(reason, 1));
  // One machine-readable line for supervisors and tests.
  process.stdout.write(`${JSON.stringify({ event: 'ready', bridge: bridge.bridgeId, mqtt: bridge.mqttUrl, mqttWs: bridge.wsUrl, ...bridge.tlsUrls, radioControl: bridge.radioControlUrl })}\n`);
} catch (err) {
  logger.error({ err }, 'bridge failed to start');
  await shutdown('start failed', 1);
}
