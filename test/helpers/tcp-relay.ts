import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP relay a test can take down and bring back, as a network between two hosts that
 * fails for a while: `pause()` drops every connection and refuses new ones until `resume()`. Made
 * before its target exists (`setTarget`), so a client can be pointed at it from its first start.
 */
export interface TcpRelay {
  /** `tcp://127.0.0.1:<port>`; `url('mqtt')` gives `mqtt://…`. */
  url(scheme?: string): string;
  setTarget(url: string): void;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(): Promise<TcpRelay> {
  const pairs = new Set<Socket>();
  let target: { host: string; port: number } | undefined;
  let paused = true;
  const server = createServer((inbound) => {
    if (paused || !target) return void inbound.destroy();
    const outbound = connect(target.port, target.host);
    const drop = () => {
      pairs.delete(inbound);
      pairs.delete(outbound);
      inbound.destroy();
      outbound.destroy();
    };
    pairs.add(inbound).add(outbound);
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  const pause = () => {
    paused = true;
    for (const socket of [...pairs]) socket.destroy();
    pairs.clear();
  };
  return {
    url: (scheme = 'tcp') => `${scheme}://127.0.0.1:${port}`,
    setTarget(url) {
      const parsed = new URL(url);
      target = { host: parsed.hostname, port: Number(parsed.port) };
    },
    pause,
    resume: () => {
      paused = false;
    },
    async close() {
      pause();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
