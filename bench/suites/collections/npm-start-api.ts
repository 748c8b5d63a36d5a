/**
 * The api alone, as `HERDGATE_PROCESSES=split npm start` launches it (scripts/start.ts): its bundle (`buildApi`, the same
 * build) under plain `node` with no extra options, configured through the environment as the
 * supervisor configures it (broker URL and account, database file), plus a loopback address, a
 * free port and log level warn. Resolves once it prints its `api-ready` line.
 */
import { buildApi } from '@herdgate/api/build';
import { nodeChildEnv } from '../../../scripts/lib/node-child-env';
import { jsonLine, spawnStack, type StackProcess } from '../../lib/stack-process';

export interface NpmStartApi {
  process: StackProcess;
  httpPort: number;
  websocketPort: number;
}

/** What the api's `api-ready` line says about itself (api/src/runtime/node/run-api.ts). */
export interface ApiReady {
  httpPort: number;
  websocketPort: number;
}

export async function startNpmStartApi(root: string, env: Record<string, string>, timeoutMs = 60_000): Promise<NpmStartApi> {
  const { bundle } = await buildApi();
  const proc = spawnStack(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, ...nodeChildEnv(process.env), HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  try {
    const ready = await jsonLine<ApiReady>(proc, 'api-ready', timeoutMs);
    return { process: proc, httpPort: ready.httpPort, websocketPort: ready.websocketPort };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}
