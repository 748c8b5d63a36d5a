/**
 * The whole gateway, bridge and api, in either of `npm start`'s two layouts on the suite's radio
 * and data: `one` (HERDGATE_PROCESSES=one, the default: both halves in one node process,
 * scripts/one-process/) and `split` (a bridge process and an api process, linked over the bridge's
 * embedded broker). Both run the bundles `npm start` builds, with the api's broker account it gives.
 */
import { fileURLToPath } from 'node:url';
import { nodeChildEnv } from '../../../scripts/lib/node-child-env';
import { herdgateStack } from '../../lib/herdgate-stack';
import { BENCH_API_ACCOUNT } from '../../lib/stack-parts';
import type { StackProcess } from '../../lib/stack-process';
import { startOneProcessGateway } from '../collections/one-process-gateway';
import { startNpmStartApi } from '../collections/npm-start-api';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export type Layout = 'one' | 'split';

export interface GatewayOptions {
  radioPort: number;
  dataDir: string;
  databaseUrl: string;
  devices: readonly string[];
  /** First start on a fresh radio (every device interviewed) or a restart (every device available). */
  pairing: boolean;
  timeoutMs: number;
  log(line: string): void;
}

export interface RunningGateway {
  layout: Layout;
  httpPort: number;
  websocketPort: number;
  processes: StackProcess[];
  stop(): Promise<void>;
}

export async function startGateway(layout: Layout, options: GatewayOptions): Promise<RunningGateway> {
  const common = {
    radioPort: options.radioPort,
    dataDir: options.dataDir,
    devices: options.devices,
    pairing: options.pairing,
    timeoutMs: options.timeoutMs,
    log: options.log,
  };
  if (layout === 'one') {
    const gateway = await startOneProcessGateway({ ...common, databaseUrl: options.databaseUrl, env: { ...BENCH_API_ACCOUNT } });
    return { layout, httpPort: gateway.httpPort, websocketPort: gateway.websocketPort, processes: [gateway.stack.process], stop: () => gateway.stack.stop() };
  }
  const bridge = await herdgateStack.start({ ...common, env: { ...nodeChildEnv(process.env), ...BENCH_API_ACCOUNT } });
  try {
    const api = await startNpmStartApi(ROOT, { ...BENCH_API_ACCOUNT, MQTT_URL: bridge.mqttUrl!, DATABASE_URL: options.databaseUrl });
    return {
      layout,
      httpPort: api.httpPort,
      websocketPort: api.websocketPort,
      processes: [bridge.process, api.process],
      async stop() {
        await api.process.stop();
        await bridge.stop();
      },
    };
  } catch (error) {
    await bridge.stop();
    throw error;
  }
}
