import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGateway, type TestGateway } from '../helpers/gateway';

/** Opens a WebSocket; resolves with the upgrade outcome (status on refusal, protocol on success). */
function open(url: string, options: { origin?: string; protocols?: string[] } = {}): Promise<{ status: number; protocol?: string; socket?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options.protocols ?? [], options.origin ? { origin: options.origin } : {});
    socket.once('open', () => resolve({ status: 101, protocol: socket.protocol, socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (err) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(err);
    });
  });
}

describe('websocket access', () => {
  let gw: TestGateway | undefined;
  const sockets: WebSocket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await gw?.close();
    gw = undefined;
  });
  const url = (path = '/') => `ws://127.0.0.1:${gw!.gateway.websocketPort}${path}`;
  const kept = async (outcome: Promise<{ status: number; protocol?: string; socket?: WebSocket }>) => {
    const result = await outcome;
    if (result.socket) sockets.push(result.socket);
    return result;
  };

  it('should stay open to clients without a key by default, but refuse pages of origins not allowed', async () => {
    gw = await startTestGateway({ CORS_ORIGINS: 'https://ui.example' });
    expect((await kept(open(url()))).status).toBe(101);
    expect((await kept(open(url(), { origin: 'https://ui.example' }))).status).toBe(101);
    expect((await kept(open(url(), { origin: 'https://evil.example' }))).status).toBe(403);
    // The same check on the HTTP port's upgrade.
    expect((await kept(open(`ws://127.0.0.1:${gw.gateway.httpPort}/`, { origin: 'https://evil.example' }))).status).toBe(403);
  });

  it('should require a key as a subprotocol or query parameter when WEBSOCKET_AUTH=key', async () => {
    gw = await startTestGateway({ WEBSOCKET_AUTH: 'key' });
    const key = await gw.createKey();
    expect((await kept(open(url()))).status).toBe(401);
    expect((await kept(open(url(), { protocols: ['0123456789ABCDEF0123456789ABCDEF'] }))).status).toBe(401);
    expect((await kept(open(url('/?key=0123456789ABCDEF0123456789ABCDEF')))).status).toBe(401);
    const viaProtocol = await kept(open(url(), { protocols: [key] }));
    expect(viaProtocol).toMatchObject({ status: 101, protocol: key });
    expect((await kept(open(url(`/?key=${key}`)))).status).toBe(101);
  });

  it('should cap the number of connections and admit again once one closes', async () => {
    gw = await startTestGateway({ WEBSOCKET_MAX_CLIENTS: '2' });
    const first = await kept(open(url()));
    await kept(open(url()));
    expect((await kept(open(url()))).status).toBe(503);
    first.socket!.close();
    await new Promise<void>((resolve) => first.socket!.once('close', () => resolve()));
    // The server sees the close a moment after the client; retry until it does (bounded).
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 101; attempt++) {
      status = (await kept(open(url()))).status;
      if (status !== 101) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(101);
  });
});
