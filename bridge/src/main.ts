import { exitWithParent, isMainModule } from '@herdgate/shared/node';
import { BridgeConfigError, prepareBridge, startPreparedBridge } from './run-bridge';
import type { RunningBridge } from './controller';

/**
 * Thin entry: read env, start the bridge, stop cleanly on SIGINT/SIGTERM and then exit, because
 * zigbee-herdsman leaves timers running after controller.stop(). A lost radio exits non-zero so a
 * supervisor (npm start, systemd) restarts the bridge with a fresh Controller. Imported rather than
 * run (the one-process gateway loads the bundle), it only exports the start functions.
 */
export { BridgeConfigError, prepareBridge, startPreparedBridge } from './run-bridge';

const STOP_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  let prepared: ReturnType<typeof prepareBridge>;
  try {
    prepared = prepareBridge(process.env);
  } catch (err) {
    if (!(err instanceof BridgeConfigError)) throw err;
    for (const error of err.errors) process.stderr.write(`config: ${error}\n`);
    process.exit(2);
  }
  const { logger } = prepared;
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
    bridge = await startPreparedBridge(prepared, (reason) => void shutdown(reason, 1));
  } catch {
    await shutdown('start failed', 1);
  }
}

if (isMainModule(import.meta.url)) await main();
