/**
 * The whole gateway in one node process: `npm start`'s default on one box (HERDGATE_PROCESSES=one).
 * `node scripts/dist/one-process.mjs <bridge bundle> <api bundle>` loads the two bundles the split
 * processes run (bridge/dist/main.mjs, api/dist/runtime/node/main.mjs) as modules, starts the bridge
 * (radio and embedded broker), then the api, which talks to that broker over loopback as it does
 * from its own process. One node binary, one V8 heap and one copy of the modules both load, instead
 * of two (docs/benchmarks.md: the memory it saves).
 *
 * What changes against two processes: the halves share one event loop and one fate. A lost radio
 * stops both and exits 1 (the supervisor restarts the process: the api is away for those seconds
 * too); an exception nobody catches ends both; an unhandled promise rejection is logged and the
 * gateway keeps running, the bridge's own policy. Log and ready lines carry `process: bridge|api`.
 */
import { pathToFileURL } from 'node:url';
import { exitWithParent } from '@herdgate/shared/node';
import type { BridgeConfigError as BridgeConfigErrorType, prepareBridge, startPreparedBridge } from '@herdgate/bridge/run';
import type { EnvError as EnvErrorType, StartedApi, startApiProcess } from '@herdgate/api/run';
import { localBrokerUrl, portOf } from '../lib/broker-url';

interface BridgeModule {
  BridgeConfigError: typeof BridgeConfigErrorType;
  prepareBridge: typeof prepareBridge;
  startPreparedBridge: typeof startPreparedBridge;
}
interface ApiModule {
  EnvError: typeof EnvErrorType;
  startApiProcess: typeof startApiProcess;
}

const STOP_TIMEOUT_MS = 15_000;
const [bridgePath, apiPath] = process.argv.slice(2);
if (!bridgePath || !apiPath) {
  process.stderr.write('usage: node one-process.mjs <bridge bundle> <api bundle>\n');
  process.exit(2);
}
const load = async <T>(path: string) => (await import(pathToFileURL(path).href)) as T;
const [bridgeModule, apiModule] = [await load<BridgeModule>(bridgePath), await load<ApiModule>(apiPath)];

let prepared: ReturnType<typeof prepareBridge>;
try {
  prepared = bridgeModule.prepareBridge(process.env, 'bridge');
} catch (err) {
  if (!(err instanceof bridgeModule.BridgeConfigError)) throw err;
  for (const error of err.errors) process.stderr.write(`config: ${error}\n`);
  process.exit(2);
}
const { logger } = prepared;
let bridge: Awaited<ReturnType<typeof startPreparedBridge>> | undefined;
let api: StartedApi | undefined;
let stopping = false;

/** The api first (it stops writing to the broker), then the bridge; then exit. */
async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A fatal stop (radio lost, failed start) takes the api down too: say why where warn-level logs see it.
  logger[code === 0 ? 'info' : 'error']({ reason }, 'gateway stopping');
  const guard = setTimeout(() => {
    logger.error('clean stop took too long; exiting anyway');
    process.exit(code || 1);
  }, STOP_TIMEOUT_MS);
  await api?.gateway.close().catch((err: unknown) => api!.logger.error({ err }, 'shutdown failed'));
  await bridge?.stop().catch((err: unknown) => logger.error({ err }, 'stop failed'));
  clearTimeout(guard);
  logger.info('gateway stopped');
  logger.flush();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
exitWithParent();
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection (gateway keeps running)'));
try {
  bridge = await bridgeModule.startPreparedBridge(prepared, (reason) => void shutdown(reason, 1));
  // An external broker (MQTT_URL) serves both halves; otherwise the api uses the bridge's own.
  const mqttUrl = process.env.MQTT_URL ?? localBrokerUrl(process.env, portOf(bridge.mqttUrl) ?? process.env.MQTT_PORT ?? '1883');
  api = await apiModule.startApiProcess({ ...process.env, MQTT_URL: mqttUrl }, 'api');
} catch (err) {
  if (err instanceof apiModule.EnvError) process.stderr.write(`herdgate api: ${err.message}\n`);
  else if (bridge) logger.error({ err }, 'api failed to start');
  await shutdown('start failed', 1);
}
