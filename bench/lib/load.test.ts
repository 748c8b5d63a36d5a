import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runLoad } from './load';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  return (server.address() as AddressInfo).port;
}

describe('load generator', () => {
  it('should send exactly the request budget over keep-alive connections and count statuses', async () => {
    const seen = new Set<string>();
    let served = 0;
    const port = await serve((req, res) => {
      served++;
      seen.add(`${req.socket.remotePort}`);
      const status = req.headers['x-fail'] === '1' && served % 2 === 0 ? 503 : 200;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    const result = await runLoad({ host: '127.0.0.1', port, path: '/x', headers: { 'X-Fail': '1' }, connections: 4, durationMs: 10_000, maxRequests: 200 });
    expect(result.requests).toBe(200);
    expect(served).toBe(200);
    expect(result.statuses).toEqual({ 200: 100, 503: 100 });
    expect(result.errors).toBe(0);
    // Keep-alive: four connections carried all 200 requests.
    expect(seen.size).toBe(4);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.latencyMs.p50).toBeLessThanOrEqual(result.latencyMs.p99);
  });

  it('should read chunked answers', async () => {
    const port = await serve((_req, res) => {
      res.write('{"part":');
      res.end('1}');
    });
    const result = await runLoad({ host: '127.0.0.1', port, path: '/', connections: 2, durationMs: 10_000, maxRequests: 50 });
    expect(result).toMatchObject({ requests: 50, errors: 0, statuses: { 200: 50 } });
  });

  it('should stop at the duration', async () => {
    const port = await serve((_req, res) => res.end('ok'));
    const started = performance.now();
    const result = await runLoad({ host: '127.0.0.1', port, path: '/', connections: 2, durationMs: 300 });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.requests).toBeGreaterThan(0);
  });

  it('should stop starting requests once its signal aborts, and finish those under way', async () => {
    const port = await serve((_req, res) => res.end('ok'));
    const stop = new AbortController();
    const run = runLoad({ host: '127.0.0.1', port, path: '/', connections: 2, durationMs: 60_000, signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const abortedAt = performance.now();
    stop.abort();
    const result = await run;
    expect(performance.now() - abortedAt).toBeLessThan(2_000);
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
  });

  it('should end the run with errors when the server stops answering', async () => {
    const port = await serve(() => {
      // Never answers.
    });
    // Long enough that all three connections are up and have sent before the deadline, even on a
    // loaded machine (a connection that opens after the deadline rightly sends nothing).
    const result = await runLoad({ host: '127.0.0.1', port, path: '/', connections: 3, durationMs: 1_500, graceMs: 200 });
    expect(result.requests).toBe(0);
    expect(result.errors).toBe(3);
  });

  it('should count a refused connection as an error', async () => {
    const port = await serve((_req, res) => res.end('ok'));
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const result = await runLoad({ host: '127.0.0.1', port, path: '/', connections: 2, durationMs: 100 });
    expect(result).toMatchObject({ requests: 0, errors: 2 });
  });

  it('should refuse to load anything but loopback', async () => {
    await expect(runLoad({ host: '10.0.0.1', port: 80, path: '/', connections: 1, durationMs: 10 })).rejects.toThrow(/loopback only/);
  });
});
