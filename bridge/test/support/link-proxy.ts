import { connect, createServer, type Socket } from 'node:net';

/** A TCP relay between the bridge and the radio that a test can cut, as a pulled cable would. */
export interface LinkProxy {
  path: string;
  /** Drop every open connection (new ones are relayed again). */
  cut(): void;
  close(): Promise<void>;
}

export async function startLinkProxy(target: { host: string; port: number }): Promise<LinkProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((inbound) => {
    const outbound = connect(target.port, target.host);
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const cut = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  return {
    path: `tcp://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut,
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
