/**
 * A benchmarked stack's process (herdgate's bridge or Zigbee2MQTT): spawned with a known start
 * instant, its output kept (tail only) for error messages and its machine-readable event lines
 * (ready lines) kept from the start, its resident memory read from /proc, and always stopped:
 * SIGTERM, then SIGKILL after a grace period.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

export interface StackProcess {
  pid: number;
  /** performance.now() just before spawn. */
  spawnedAt: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process is gone. */
  exited: Promise<number | string | null>;
  /** Last few KiB of stdout + stderr. */
  output(): string;
  /**
   * Every stdout line carrying an `"event":` field (ready lines) so far, parsed; `listen` also
   * hears those still to come. Kept apart from the tail, which a noisy start can overrun.
   */
  events: { seen: Array<Record<string, unknown>>; listen(listener: (event: Record<string, unknown>) => void): () => void };
  /** Resident set size in MiB (VmRSS); NaN once the process is gone. */
  rssMiB(): number;
  stop(graceMs?: number): Promise<void>;
}

export function spawnStack(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): StackProcess {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-6_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const events = eventLines(child);
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string | null);
  // If the harness exits hard (a suite overran), the stack must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  return {
    pid: child.pid as number,
    spawnedAt,
    child,
    exited,
    output: () => tail,
    events,
    rssMiB: () => readRssMiB(child.pid as number),
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export function readRssMiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const MAX_EVENT_LINES = 100;

function eventLines(child: ChildProcess): StackProcess['events'] {
  const seen: Array<Record<string, unknown>> = [];
  const listeners = new Set<(event: Record<string, unknown>) => void>();
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"event":')) continue;
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue; // not JSON after all
      }
      if (seen.length < MAX_EVENT_LINES) seen.push(event);
      for (const listener of listeners) listener(event);
    }
  });
  return {
    seen,
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The first event line with `"event":"<event>"` (a ready line), printed already or still to come. Rejects on timeout or exit. */
export function jsonLine<T>(proc: StackProcess, event: string, timeoutMs: number): Promise<T> {
  const already = proc.events.seen.find((line) => line.event === event);
  if (already) return Promise.resolve(already as T);
  return new Promise((resolve, reject) => {
    const done = (outcome: () => void) => {
      clearTimeout(timer);
      unlisten();
      outcome();
    };
    const unlisten = proc.events.listen((line) => {
      if (line.event === event) done(() => resolve(line as T));
    });
    const timer = setTimeout(() => done(() => reject(new Error(`no ${event} line within ${timeoutMs} ms:\n${proc.output()}`))), timeoutMs);
    void proc.exited.then((code) => done(() => reject(new Error(`process exited with ${code} before its ${event} line:\n${proc.output()}`))));
  });
}
