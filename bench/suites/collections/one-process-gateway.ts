/**
 * The whole gateway as `npm start` runs it by default: bridge and api in one node process
 * (scripts/one-process/, the same bundles the split processes run), on the suite's radio, watched
 * like the bridge alone (herdgate-stack: every device interviewed, or on a restart available), with
 * the api on a free port; resolves once the api has printed its ready line too.
 */
import { buildApi } from '@herdgate/api/build';
import { buildBridge } from '@herdgate/bridge/build';
import { nodeChildEnv } from '../../../scripts/lib/node-child-env';
import { buildOneProcess } from '../../../scripts/one-process/build';
import type { RunningStack } from '../../lib/bridge-stack';
import { freePort, herdgateStack } from '../../lib/herdgate-stack';
import { jsonLine } from '../../lib/stack-process';
import type { ApiReady } from './npm-start-api';

export interface OneProcessGateway {
  stack: RunningStack;
  httpPort: number;
  websocketPort: number;
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
  /** A first start that pairs the network (the default), or a restart on the data of an earlier one. */
  pairing?: boolean;
}

export async function startOneProcessGateway(options: OneProcessOptions): Promise<OneProcessGateway> {
  const [{ bundle: bridge }, { bundle: api }, { bundle: launcher }] = await Promise.all([buildBridge(), buildApi(), buildOneProcess()]);
  const httpPort = await freePort();
  const stack = await herdgateStack.start({
    radioPort: options.radioPort,
    dataDir: options.dataDir,
    devices: options.devices,
    pairing: options.pairing ?? true,
    timeoutMs: options.timeoutMs,
    log: options.log,
    entryArgs: [launcher, bridge, api],
    env: {
      ...nodeChildEnv(process.env),
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      WEBSOCKET_PORT: '0',
    },
  });
  try {
    const ready = await jsonLine<ApiReady>(stack.process, 'api-ready', options.timeoutMs);
    return { stack, httpPort, websocketPort: ready.websocketPort };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
