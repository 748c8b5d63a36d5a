/**
 * The control interface: JSON over HTTP on 127.0.0.1 for tests, demos and benchmarks
 * (documented in bridge/virtual-radio/README.md). Bad input is a 4xx with a message; nothing crashes.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { VirtualRadio } from '../virtual-radio';
import { ControlError, readJson, renderError, sendJson } from './http';
import { compile, match } from './router';
import { deviceRoutes } from './routes/devices';
import { faultRoutes } from './routes/faults';
import { radioRoutes } from './routes/radio';
import { otaRoutes } from './routes/ota';

const routes = compile([...radioRoutes, ...deviceRoutes, ...faultRoutes, ...otaRoutes]);

export interface ControlServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startControlServer(radio: VirtualRadio, port: number): Promise<ControlServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const found = match(routes, req.method ?? 'GET', path);
    void (async () => {
      if (!found.route) throw new ControlError(found.pathKnown ? 405 : 404, found.pathKnown ? `${req.method} not allowed on ${path}` : `no route ${path}`);
      const out = await found.route.handle({ radio, params: found.params, body: () => readJson(req), req });
      sendJson(res, out.status ?? 200, out.body);
    })().catch((error: unknown) => renderError(res, error));
  });
  // Idle keep-alive sockets stay open well past a poll's gap. With Node's 5 s default, a
  // client reusing a socket just before that deadline could lose its request when this
  // process's loop was busy: the close timer runs before the waiting request is read.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
