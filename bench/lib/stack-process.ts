/**
 * A benchmarked stack's process (herdgate's bridge or Zigbee2MQTT): spawned with a known start
 * instant, its output kept (tail only) for error messages, its resident memory read from /proc,
 * and always stopped: SIGTERM, then SIGKILL after a grace period.
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

/**
 * The first JSON line the process printed with `"event":"<event>"` (a ready line), parsed: from the
 * output kept so far, or when it comes. Rejects on timeout or exit.
 */
export function jsonLine<T>(proc: StackProcess, event: string, timeoutMs: number): Promise<T> {
  const find = (text: string): T | undefined => {
    for (const line of text.split('\n')) {
      if (!line.includes(`"event":"${event}"`)) continue;
      try {
        return JSON.parse(line) as T;
      } catch {
        // A line cut by the kept tail, or not JSON after all: keep looking.
      }
    }
    return undefined;
  };
  return new Promise((resolve, reject) => {
    let pending = '';
    const done = (outcome: () => void) => {
      clearTimeout(timer);
      proc.child.stdout!.off('data', look);
      outcome();
    };
    const look = (chunk: Buffer) => {
      pending += chunk.toString();
      const found = find(pending.slice(0, pending.lastIndexOf('\n') + 1));
      if (found !== undefined) done(() => resolve(found));
    };
    const timer = setTimeout(() => done(() => reject(new Error(`no ${event} line within ${timeoutMs} ms:\n${proc.output()}`))), timeoutMs);
    void proc.exited.then((code) => done(() => reject(new Error(`process exited with ${code} before its ${event} line:\n${proc.output()}`))));
    proc.child.stdout!.on('data', look);
    const seen = find(proc.output());
    if (seen !== undefined) done(() => resolve(seen));
  });
}
