import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from './bundles';
import { withTimeout } from './wait';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A child running a TypeScript entry (its bundle, or through tsx: `bundles.ts`), with its output kept for failure messages. */
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

/** Running children and how to kill each (a whole process group for `group` children). */
const live = new Map<ChildProcess, () => void>();
// If the test worker dies without afterAll, take the children with it.
process.once('exit', () => {
  for (const kill of live.values()) kill();
});

export function spawnTs(entry: string, args: string[], env: Record<string, string>): Child {
  return spawnCommand(process.execPath, [...nodeArgs(entry), ...args], env);
}

/**
 * Any command run from the repository root (`npm start`, a documented shell line), watched like
 * `spawnTs`. With `group`, it leads its own process group and every signal goes to the whole group:
 * `npm run` passes a SIGTERM to its shell, not to the program the shell started, which would
 * otherwise run on as an orphan.
 */
export function spawnCommand(command: string, args: string[], env: Record<string, string>, options: { cwd?: string; group?: boolean } = {}): Child {
  const child = spawn(command, args, {
    detached: options.group === true,
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.set(child, () => child.kill('SIGKILL'));
  const output: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    output.push(line);
    for (const listener of lineListeners) listener(line);
  });
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (name: NodeJS.Signals) => {
    if (options.group && child.pid !== undefined) {
      try {
        process.kill(-child.pid, name);
        return;
      } catch {
        // The group is gone already.
      }
    }
    child.kill(name);
  };
  if (options.group) live.set(child, () => signal('SIGKILL'));
  /** A group outlives its leader while its members shut down: wait (bounded) until none is left. */
  const groupGone = async (graceMs: number) => {
    if (!options.group || child.pid === undefined) return;
    const deadline = Date.now() + graceMs;
    for (;;) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        return;
      }
      if (Date.now() > deadline) return signal('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
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
      if (!gone()) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      } else if (options.group) {
        signal('SIGTERM');
      }
      await groupGone(graceMs);
      return child.exitCode;
    },
    async kill() {
      if (gone()) return child.exitCode;
      signal('SIGKILL');
      const code = await exited;
      await groupGone(5_000);
      return code;
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
