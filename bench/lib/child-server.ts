import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * Runs a server entry in its own Node process, so the load generator does not steal its CPU.
 * The entry prints one JSON line describing itself (ports) once it listens, and exits on SIGTERM.
 */
export interface ChildServer<Info> {
  info: Info;
  pid: number;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export async function startChildServer<Info>(entry: string, readyTimeoutMs = 30_000): Promise<ChildServer<Info>> {
  // A bundle (`.mjs`) runs with plain node; TypeScript through the tsx loader.
  const child = spawn(process.execPath, entry.endsWith('.mjs') ? [entry] : ['--import', 'tsx', entry], { stdio: ['ignore', 'pipe', 'pipe'] });
  // If the harness exits hard (a suite overran), the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  try {
    const info = await firstLine<Info>(child, readyTimeoutMs, () => stderr);
    return { info, pid: child.pid as number, stop: (graceMs) => stopChild(child, graceMs) };
  } catch (error) {
    await stopChild(child, 1_000);
    throw error;
  }
}

function firstLine<Info>(child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<Info> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const fail = (why: string) => {
      clearTimeout(timer);
      lines.close();
      reject(new Error(`${why}; stderr: ${stderr().trim() || '(empty)'}`));
    };
    const timer = setTimeout(() => fail(`server child not ready after ${timeoutMs} ms`), timeoutMs);
    child.once('exit', (code) => fail(`server child exited early with code ${code}`));
    const onLine = (line: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      // The gateway's own log lines (pino: level and msg) may come first, e.g. the default
      // password warning; the info line is the first JSON object that is not one.
      if (isLogLine(parsed)) return;
      lines.off('line', onLine);
      clearTimeout(timer);
      if (parsed && typeof parsed === 'object') resolve(parsed as Info);
      else reject(new Error(`server child printed ${JSON.stringify(line)} instead of its JSON info line`));
    };
    lines.on('line', onLine);
  });
}

function isLogLine(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'level' in value && 'msg' in value;
}

async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
