/**
 * Runs the gateway's processes as supervised children: prefixed output, restart with exponential
 * backoff when a child dies on its own, and an orderly stop (reverse start order) on SIGINT/SIGTERM.
 * Each child is a separate process because zigbee-herdsman allows one Controller per process and
 * does not release its timers on stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parentPipe } from '@herdgate/shared/node';
import { prefixFormatter, type LineFormatter } from './log-format';

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  /** A function is called at each launch, so it may use what earlier children reported (their ports). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Resolves once the child is ready for the next one to start (e.g. it printed its port). */
  ready?: (line: string) => boolean;
  /** Signal the child's whole process group on stop (wrangler leaves workerd children behind otherwise). */
  processGroup?: boolean;
}

function signal(running: Running, child: ChildProcess, name: NodeJS.Signals): void {
  if (running.spec.processGroup && child.pid !== undefined) {
    try {
      // Detached children lead their own group, so -pid reaches the child and its descendants only.
      process.kill(-child.pid, name);
      return;
    } catch {
      // Group already gone: fall back to the child itself.
    }
  }
  child.kill(name);
}

interface Running {
  spec: ChildSpec;
  process?: ChildProcess;
  restarts: number;
  stopping: boolean;
  timer?: NodeJS.Timeout;
}

const MAX_BACKOFF_MS = 30_000;
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export class Supervisor {
  private readonly children: Running[] = [];
  private stopping = false;

  constructor(
    private readonly out: NodeJS.WritableStream = process.stdout,
    private readonly format: LineFormatter = prefixFormatter(),
  ) {
    // Never leave orphans behind if the supervisor itself goes away without an orderly stop.
    process.once('exit', () => {
      for (const running of this.children) if (running.process) signal(running, running.process, 'SIGKILL');
    });
  }

  /** Starts the children in order, waiting for each to be ready before the next. */
  async start(specs: ChildSpec[]): Promise<void> {
    for (const spec of specs) {
      const running: Running = { spec, restarts: 0, stopping: false };
      this.children.push(running);
      await this.launch(running);
      if (this.stopping) return;
    }
  }

  private launch(running: Running): Promise<void> {
    const { spec } = running;
    const env = typeof spec.env === 'function' ? spec.env() : spec.env;
    // stdin is a pipe the child watches (exitWithParent): if we die, even by SIGKILL, the kernel
    // closes it and every child stops itself instead of running on holding its ports.
    const child = spawn(spec.command, spec.args, {
      // A restarted api must not open its password-reset window (only an operator's start may).
      ...parentPipe({
        ...process.env,
        ...env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
        ...(running.restarts > 0 ? { HERDGATE_RESTARTED_BY_SUPERVISOR: '1' } : {}),
      }),
      // Own process group: a terminal's Ctrl-C reaches only the supervisor, which then stops the
      // children in order (api, then bridge, then radio) instead of all at once.
      detached: true,
    });
    running.process = child;
    let markReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    if (!spec.ready) markReady();
    const readyTimer = setTimeout(() => {
      this.log(`${spec.name} did not report ready within ${READY_TIMEOUT_MS / 1000} s; continuing`);
      markReady();
    }, READY_TIMEOUT_MS);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        this.out.write(this.format.child(spec.name, line));
        if (spec.ready?.(line)) markReady();
      });
    }
    child.on('exit', (code, signal) => {
      clearTimeout(readyTimer);
      markReady();
      running.process = undefined;
      if (this.stopping || running.stopping) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** running.restarts);
      running.restarts += 1;
      this.log(`${spec.name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s`);
      running.timer = setTimeout(() => void this.launch(running), delay);
    });
    return ready.finally(() => clearTimeout(readyTimer));
  }

  /** Stops every child, last started first; each gets SIGTERM, then SIGKILL after a grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const running of [...this.children].reverse()) {
      clearTimeout(running.timer);
      const child = running.process;
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      signal(running, child, 'SIGTERM');
      const kill = setTimeout(() => {
        this.log(`${running.spec.name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
        signal(running, child, 'SIGKILL');
      }, STOP_GRACE_MS);
      await exited;
      clearTimeout(kill);
    }
  }

  /** A message of the supervisor itself, in the chosen log format. */
  log(message: string, fields?: Record<string, unknown>): void {
    this.out.write(this.format.own(message, fields));
  }
}
