/**
 * The whole gateway as `npm start` runs it by default: bridge and api in one node process
 * (scripts/one-process/, the same bundles the split processes run), on the suite's radio, watched
 * like the bridge alone (herdgate-stack: every device interviewed), with the api on a free port.
 */
import { buildApi } from '@herdgate/api/build';
import { buildBridge } from '@herdgate/bridge/build';
import { nodeChildEnv } from '../../../scripts/lib/node-child-env';
import { buildOneProcess } from '../../../scripts/one-process/build';
import type { RunningStack } from '../../lib/bridge-stack';
import { freePort, herdgateStack } from '../../lib/herdgate-stack';

export interface OneProcessGateway {
  stack: RunningStack;
  httpPort: number;
}

export interface OneProcessOptions {
  radioPort: number;
  dataDir: string;
  databaseUrl: string;
  devices: readonly string[];
  timeoutMs: number;
  log(line: string): void;
  /** The api's account on the embedded broker, as `npm start` gives it one. */
  env: Record<string, string>;
}

export async function startOneProcessGateway(options: OneProcessOptions): Promise<OneProcessGateway> {
  const [{ bundle: bridge }, { bundle: api }, { bundle: launcher }] = await Promise.all([buildBridge(), buildApi(), buildOneProcess()]);
  const httpPort = await freePort();
  const stack = await herdgateStack.start({
    radioPort: options.radioPort, dataDir: options.dataDir, devices: options.devices, pairing: true, timeoutMs: options.timeoutMs, log: options.log,
    entryArgs: [launcher, bridge, api],
    env: { ...nodeChildEnv(process.env), ...options.env, DATABASE_URL: options.databaseUrl, HTTP_HOST: '127.0.0.1', HTTP_PORT: String(httpPort), WEBSOCKET_PORT: '0' },
  });
  return { stack, httpPort };
}
