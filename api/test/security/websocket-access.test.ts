import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeOnRuntimes } from '../helpers/runtimes';

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

/** Two gateways per runtime (keys off, keys on); on workerd the event socket is the Worker's own port. */
describe('websocket access', () => {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  const kept = async (outcome: Promise<{ status: number; protocol?: string; socket?: WebSocket }>) => {
    const result = await outcome;
    if (result.socket) sockets.push(result.socket);
    return result;
  };
  /** `path` below the event socket's URL, e.g. `/?key=…`. */
  const at = (base: string, path = '/') => `${base.replace(/\/$/, '')}${path}`;

  describeOnRuntimes(
    'with allowed origins',
    (gw) => {
      it('should stay open to clients without a key by default, but refuse pages of origins not allowed', async () => {
        const url = gw().websocketUrl;
        expect((await kept(open(url))).status).toBe(101);
        expect((await kept(open(url, { origin: 'https://ui.example' }))).status).toBe(101);
        expect((await kept(open(url, { origin: 'https://evil.example' }))).status).toBe(403);
        // The same check on the HTTP port's upgrade (the same port on workerd).
        expect((await kept(open(`${gw().base.replace(/^http/, 'ws')}/`, { origin: 'https://evil.example' }))).status).toBe(403);
      });
    },
    undefined,
    () => ({ CORS_ORIGINS: 'https://ui.example' }),
  );

  // One gateway per runtime for both settings: a key is required and at most two clients are admitted.
  describeOnRuntimes(
    'with WEBSOCKET_AUTH=key and WEBSOCKET_MAX_CLIENTS=2',
    (gw) => {
      /**
       * Opens with a valid key, retrying (bounded) while the cap refuses it with 503: the server sees a
       * socket the previous test closed a moment after the client does. Any other refusal is returned.
       */
      const admitted = async (url: string, key: string) => {
        let result = await kept(open(url, { protocols: [key] }));
        for (let attempt = 0; attempt < 50 && result.status === 503; attempt++) {
          await new Promise((r) => setTimeout(r, 20));
          result = await kept(open(url, { protocols: [key] }));
        }
        return result;
      };

      it('should require a key as a subprotocol or query parameter when WEBSOCKET_AUTH=key', async () => {
        const key = await gw().createKey();
        const url = gw().websocketUrl;
        expect((await kept(open(url))).status).toBe(401);
        expect((await kept(open(url, { protocols: ['0123456789ABCDEF0123456789ABCDEF'] }))).status).toBe(401);
        expect((await kept(open(at(url, '/?key=0123456789ABCDEF0123456789ABCDEF')))).status).toBe(401);
        const viaProtocol = await admitted(url, key);
        expect(viaProtocol).toMatchObject({ status: 101, protocol: key });
        expect((await kept(open(at(url, `/?key=${key}`)))).status).toBe(101);
      });

      it('should cap the number of connections and admit again once one closes', async () => {
        const key = await gw().createKey();
        const url = gw().websocketUrl;
        const first = await admitted(url, key);
        expect(first.status).toBe(101);
        expect((await admitted(url, key)).status).toBe(101);
        expect((await kept(open(url, { protocols: [key] }))).status).toBe(503);
        first.socket!.close();
        await new Promise<void>((resolve) => first.socket!.once('close', () => resolve()));
        // The server sees the close a moment after the client; retry until it does (bounded).
        expect((await admitted(url, key)).status).toBe(101);
      });
    },
    undefined,
    () => ({ WEBSOCKET_AUTH: 'key', WEBSOCKET_MAX_CLIENTS: '2' }),
  );
});
