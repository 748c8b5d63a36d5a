/**
 * A minimal Chrome DevTools protocol client for a Node process started with
 * `--inspect=127.0.0.1:0`: evaluate an expression, list the scripts it has parsed, stream a heap
 * snapshot to a file. Investigation tooling for `bench/tools/memory-at-rest.ts`, not a benchmark.
 */
import { createWriteStream } from 'node:fs';
import WebSocket from 'ws';

export interface ParsedScript {
  url: string;
  length: number;
}

export class InspectorClient {
  private next = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private readonly listeners = new Map<string, (params: Record<string, unknown>) => void>();
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown; method?: string; params?: Record<string, unknown> };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result);
      else if (message.method) this.listeners.get(message.method)?.(message.params ?? {});
    });
  }

  static async connect(url: string): Promise<InspectorClient> {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 2 ** 30 });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new InspectorClient(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolve) => this.pending.set(id, resolve as (result: unknown) => void));
  }

  /** The JSON value of an expression evaluated in the process (async allowed). */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.send<{ result: { value?: T }; exceptionDetails?: unknown }>('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
      includeCommandLineAPI: true,
    });
    if (reply.exceptionDetails) throw new Error(`evaluation failed: ${JSON.stringify(reply.exceptionDetails)}`);
    return reply.result.value as T;
  }

  /** Every script the process has compiled so far (Debugger.enable replays them). */
  async scripts(): Promise<ParsedScript[]> {
    const seen: ParsedScript[] = [];
    this.listeners.set('Debugger.scriptParsed', (params) => seen.push({ url: String(params.url), length: Number(params.length ?? 0) }));
    await this.send('Debugger.enable');
    await this.send('Debugger.disable');
    this.listeners.delete('Debugger.scriptParsed');
    return seen;
  }

  async heapSnapshot(file: string): Promise<void> {
    const out = createWriteStream(file);
    this.listeners.set('HeapProfiler.addHeapSnapshotChunk', (params) => out.write(String(params.chunk)));
    await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    this.listeners.delete('HeapProfiler.addHeapSnapshotChunk');
    await new Promise((resolve) => out.end(resolve));
  }

  close(): void {
    this.socket.close();
  }
}
