/**
 * Test-side handle on the herdsman driver child: typed request/response over IPC with bounded waits,
 * and a kill that always runs (afterAll / finally).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DRIVER = fileURLToPath(new URL('./herdsman-driver.ts', import.meta.url));

export class HerdsmanChild {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly events: string[] = [];

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: { id?: number; ok?: boolean; result?: unknown; error?: string; event?: string }) => {
      if (m.event) this.events.push(m.event);
      if (m.id === undefined) return;
      const waiter = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.ok) waiter?.resolve(m.result);
      else waiter?.reject(new Error(m.error));
    });
    child.on('exit', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('herdsman child exited'));
      this.pending.clear();
    });
  }

  static async spawn(): Promise<HerdsmanChild> {
    const child = fork(DRIVER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const handle = new HerdsmanChild(child);
    await handle.waitEvent('ready', 20_000);
    return handle;
  }

  call<T = any>(op: string, args: Record<string, unknown> = {}, timeoutMs = 30_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`herdsman ${op} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.child.send({ id, op, args });
    });
  }

  async waitEvent(name: string, timeoutMs: number): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!this.events.includes(name)) {
      if (Date.now() > end) throw new Error(`no ${name} event within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Clean stop (controller.stop + exit), falling back to SIGKILL; never hangs. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await this.call('stop', {}, 8_000).catch(() => {});
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  }
}
