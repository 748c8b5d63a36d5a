import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { withTimeout } from './wait';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A child running a TypeScript entry through tsx, with its output kept for failure messages. */
export interface Child {
  process: ChildProcess;
  /** stdout lines and stderr chunks, in arrival order. */
  output: string[];
  /** Resolves with the first stdout line `match` accepts (bounded). */
  line<T>(match: (line: string) => T | undefined, timeoutMs: number, what: string): Promise<T>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL at once: a crash, no goodbye. */
  kill(): Promise<number | null>;
  exited: Promise<number | null>;
}

const live = new Set<ChildProcess>();
// If the test worker dies without afterAll, take the children with it.
process.once('exit', () => { for (const child of live) child.kill('SIGKILL'); });

export function spawnTs(entry: string, args: string[], env: Record<string, string>): Child {
  return spawnCommand(process.execPath, ['--import', 'tsx', entry, ...args], env);
}

/** Any command run from the repository root (`npm start`, a documented shell line), watched like `spawnTs`. */
export function spawnCommand(command: string, args: string[], env: Record<string, string>, options: { cwd?: string } = {}): Child {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const output: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    output.push(line);
    for (const listener of lineListeners) listener(line);
  });
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { live.delete(child); resolve(code); }));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const tail = () => output.join('\n').slice(-3000);

  return {
    process: child,
    output,
    exited,
    line(match, timeoutMs, what) {
      const found = new Promise<any>((resolve, reject) => {
        for (const line of output) {
          const value = match(line);
          if (value !== undefined) return resolve(value);
        }
        const listener = (line: string) => {
          const value = match(line);
          if (value === undefined) return;
          lineListeners.delete(listener);
          resolve(value);
        };
        lineListeners.add(listener);
        void exited.then((code) => reject(new Error(`${what}: process exited with ${code} first:\n${tail()}`)));
      });
      return withTimeout(found, timeoutMs, () => `${what}; output so far:\n${tail()}`);
    },
    async stop(graceMs = 15_000) {
      if (gone()) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (gone()) return child.exitCode;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

export function jsonLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
