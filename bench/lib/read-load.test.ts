import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runReadLoad } from './read-load';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('read load', () => {
  it('should load every path at once and count only what the measured phase served', async () => {
    const served = new Map<string, number>();
    const server = createServer((req, res) => {
      served.set(req.url!, (served.get(req.url!) ?? 0) + 1);
      res.end('{"ok":true}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const { port } = server.address() as AddressInfo;
    const stop = new AbortController();
    let atLoading: Map<string, number> | undefined;
    const run = runReadLoad({ host: '127.0.0.1', port, paths: ['/a', '/b'], connectionsPerPath: 2, warmupMs: 150 }, stop.signal, () => {
      atLoading = new Map(served);
      setTimeout(() => stop.abort(), 200);
    });
    const results = await run;
    expect(results.map((r) => r.path)).toEqual(['/a', '/b']);
    for (const { path, result } of results) {
      // The warm-up's requests are all answered before the measured phase starts, so none is counted.
      expect(atLoading!.get(path)).toBeGreaterThan(0);
      expect(result.requests).toBe(served.get(path)! - atLoading!.get(path)!);
      expect(result.requests).toBeGreaterThan(0);
      expect(result.statuses).toEqual({ 200: result.requests });
    }
  });
});
