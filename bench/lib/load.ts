import { connect, type Socket } from 'node:net';
import { parseResponse } from './http-response-parser';
import { percentileOfSorted, sortedCopy } from './stats';

/**
 * A bounded closed-loop HTTP load generator: C keep-alive connections, each sending its next GET as
 * soon as the previous answer is complete, until the duration or the request budget is spent.
 * Loopback only. A watchdog ends the run if the server stops answering.
 */
export interface LoadOptions {
  host: string;
  port: number;
  path: string;
  headers?: Readonly<Record<string, string>>;
  connections: number;
  durationMs: number;
  /** Stop starting requests after this many (default: unbounded within the duration). */
  maxRequests?: number;
  /** How long past the duration (or the abort) an unanswered request may take before the run is cut (default 5 s). */
  graceMs?: number;
  /** Ends the run early, like the duration: no request starts after it aborts (a phase of unknown length). */
  signal?: AbortSignal;
}

export interface LoadResult {
  /** Completed responses, whatever their status. */
  requests: number;
  /** Responses by HTTP status. */
  statuses: Record<number, number>;
  /** Connection failures, unexpected closes and requests cut by the watchdog. */
  errors: number;
  elapsedMs: number;
  rps: number;
  /** CPU the load generator itself used, in % of one core; near 100 means the client was the limit. */
  clientCpuPercent: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!LOOPBACK.has(options.host)) throw new Error(`load generator is loopback only, got ${options.host}`);
  const extra = Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(`GET ${options.path} HTTP/1.1\r\nHost: ${options.host}:${options.port}\r\n${extra.join('')}\r\n`);
  const maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const sockets = new Set<Socket>();
  let sent = 0;
  let errors = 0;
  let lastDone = 0;
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const deadline = started + options.durationMs;
  const mayStart = () => performance.now() < deadline && sent < maxRequests && !options.signal?.aborted;

  function connection(): Promise<void> {
    return new Promise((resolve) => {
      const socket = connect({ host: options.host, port: options.port, noDelay: true });
      sockets.add(socket);
      let buffered: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let waiting = false;
      const send = () => {
        if (!mayStart()) return socket.end();
        sent++;
        waiting = true;
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        for (let parsed = parseResponse(buffered); parsed; parsed = parseResponse(buffered)) {
          buffered = buffered.subarray(parsed.length);
          lastDone = performance.now();
          latencies.push(lastDone - sentAt);
          statuses[parsed.status] = (statuses[parsed.status] ?? 0) + 1;
          waiting = false;
          if (parsed.close) return socket.end();
          send();
        }
      });
      socket.on('error', () => errors++);
      socket.on('close', () => {
        sockets.delete(socket);
        // An answer that never came; the loop carries on on a fresh connection while time remains.
        if (waiting) errors++;
        if (waiting && mayStart()) connection().then(resolve, resolve);
        else resolve();
      });
    });
  }

  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const graceMs = options.graceMs ?? 5_000;
  const watchdog = setTimeout(cut, options.durationMs + graceMs);
  let aborted: NodeJS.Timeout | undefined;
  const onAbort = () => {
    aborted = setTimeout(cut, graceMs);
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.all(Array.from({ length: options.connections }, connection));
  } finally {
    clearTimeout(watchdog);
    clearTimeout(aborted);
    options.signal?.removeEventListener('abort', onAbort);
    cut();
  }
  const elapsedMs = Math.max(lastDone, started) - started;
  const cpu = process.cpuUsage(cpuAtStart);
  const sorted = sortedCopy(latencies);
  return {
    requests: latencies.length,
    statuses,
    errors,
    elapsedMs,
    rps: elapsedMs > 0 ? (latencies.length * 1000) / elapsedMs : 0,
    clientCpuPercent: elapsedMs > 0 ? (cpu.user + cpu.system) / 10 / elapsedMs : 0,
    latencyMs: {
      p50: percentileOfSorted(sorted, 50),
      p90: percentileOfSorted(sorted, 90),
      p99: percentileOfSorted(sorted, 99),
      max: sorted.length > 0 ? sorted[sorted.length - 1] : Number.NaN,
    },
  };
}
