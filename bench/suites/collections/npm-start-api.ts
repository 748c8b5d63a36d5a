/**
 * The api alone, as `HERDGATE_PROCESSES=split npm start` launches it (scripts/start.ts): its bundle (`buildApi`, the same
 * build) under plain `node` with no extra options, configured through the environment as the
 * supervisor configures it (broker URL and account, database file), plus a loopback address, a
 * free port and log level warn. Resolves once it prints its `api-ready` line.
 */
import { buildApi } from '@herdgate/api/build';
import { nodeChildEnv } from '../../../scripts/lib/node-child-env';
import { spawnStack, type StackProcess } from '../../lib/stack-process';

export interface NpmStartApi {
  process: StackProcess;
  httpPort: number;
}

export async function startNpmStartApi(root: string, env: Record<string, string>, timeoutMs = 60_000): Promise<NpmStartApi> {
  const { bundle } = await buildApi();
  const proc = spawnStack(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, ...nodeChildEnv(process.env), HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  try {
    const httpPort = await new Promise<number>((resolve, reject) => {
      let pending = '';
      const timer = setTimeout(() => reject(new Error(`api not ready within ${timeoutMs} ms:\n${proc.output()}`)), timeoutMs);
      proc.child.stdout!.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const line = pending.split('\n').find((candidate) => candidate.includes('"event":"api-ready"'));
        if (!line) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { httpPort: number }).httpPort);
      });
      void proc.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`api exited with ${code} while starting:\n${proc.output()}`));
      });
    });
    return { process: proc, httpPort };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}
