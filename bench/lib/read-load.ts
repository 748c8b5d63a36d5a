/**
 * Read load beside a latency measurement: closed-loop keep-alive GETs on several routes at once
 * (bench/lib/load.ts per route), first a warm-up that is not counted, then a measured phase that
 * lasts until it is stopped, so it covers exactly the samples taken meanwhile. startReadLoad runs it
 * in a child process of its own (read-load.child.ts), so the load generator neither shares the
 * measuring process's event loop nor its core.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from './load';

export interface ReadLoadOptions {
  host: string;
  port: number;
  paths: readonly string[];
  /** Keep-alive connections per path. */
  connectionsPerPath: number;
  warmupMs: number;
}

export interface ReadLoadResult {
  path: string;
  result: LoadResult;
}

/** Upper bound of a measured phase nobody stopped. */
const MAX_PHASE_MS = 30 * 60_000;

/** Warm-up, `onLoading()`, then load until `signal` aborts. Non-200 answers and transport errors are counted, not thrown. */
export async function runReadLoad(options: ReadLoadOptions, signal: AbortSignal, onLoading: () => void): Promise<ReadLoadResult[]> {
  const each = (durationMs: number, stop?: AbortSignal) =>
    Promise.all(
      options.paths.map(async (path) => ({
        path,
        result: await runLoad({ host: options.host, port: options.port, path, connections: options.connectionsPerPath, durationMs, signal: stop }),
      })),
    );
  await each(options.warmupMs, signal);
  onLoading();
  return each(MAX_PHASE_MS, signal);
}

export interface ReadLoadProcess {
  /** Resolves once the warm-up is over and the measured phase runs. */
  loading: Promise<void>;
  /** Ends the measured phase and returns its figures per path; the child exits. */
  stop(): Promise<ReadLoadResult[]>;
}

const CHILD = fileURLToPath(new URL('./read-load.child.ts', import.meta.url));

export function startReadLoad(options: ReadLoadOptions): ReadLoadProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.removeListener('exit', killOnExit);
      resolve(code);
    }),
  );
  const lines = createInterface({ input: child.stdout });
  const next = (event: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onLine = (line: string) => {
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return; // not one of the child's lines
        }
        if (parsed.event !== event) return;
        lines.off('line', onLine);
        resolve(parsed);
      };
      lines.on('line', onLine);
      void exited.then((code) => reject(new Error(`read load exited with ${code} before "${event}": ${stderr.trim() || '(no stderr)'}`)));
    });
  const loading = next('loading').then(() => undefined);
  loading.catch(() => {}); // also surfaced by stop()
  const done = next('done');
  done.catch(() => {});
  return {
    loading,
    async stop() {
      child.stdin.end('stop\n');
      try {
        return (await done).results as ReadLoadResult[];
      } finally {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
