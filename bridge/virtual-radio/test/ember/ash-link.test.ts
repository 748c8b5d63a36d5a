/** The NCP's ASH session over a real loopback socket, driven frame by frame as a host would. */
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AshDecoder, encodeAsh } from '../../src/ember/ash-codec';
import type { AshFrame } from '../../src/ember/ash-codec';
import { AshLink } from '../../src/ember/ash-link';

interface Harness {
  host: Socket;
  frames: AshFrame[];
  next(): Promise<AshFrame>;
  link: AshLink;
  resets: number;
  server: Server;
  events: string[];
  linkClosed: Promise<void>;
}

async function start(): Promise<Harness> {
  const frames: AshFrame[] = [];
  const waiters: (() => void)[] = [];
  const harness = { frames, resets: 0, events: [] } as unknown as Harness;
  let linkClosed!: () => void;
  harness.linkClosed = new Promise<void>((resolve) => {
    linkClosed = resolve;
  });
  const server = createServer((socket) => {
    socket.on('close', () => linkClosed());
    // The upper layer answers every EZSP frame with the same bytes, reversed.
    harness.link = new AshLink(
      socket,
      {
        received: (data) => harness.link.send(Uint8Array.from(data).reverse()),
        reset: () => {
          harness.resets++;
        },
      },
      (event) => harness.events.push(event),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const host = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => host.once('connect', resolve));
  const decoder = new AshDecoder();
  host.on('data', (chunk) => {
    for (const event of decoder.push(chunk)) if (event.ok) frames.push(event.frame);
    for (const wake of waiters.splice(0)) wake();
  });
  let read = 0;
  harness.next = async () => {
    while (frames.length <= read) await new Promise<void>((resolve) => waiters.push(resolve));
    return frames[read++];
  };
  return Object.assign(harness, { host, server });
}

let current: Harness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  current?.host.destroy();
  current?.link?.close();
  await new Promise((resolve) => current?.server.close(resolve));
  current = undefined;
});

const data = (frmNum: number, ackNum: number, bytes: number[], reTx = false): AshFrame => ({
  type: 'data',
  frmNum,
  ackNum,
  reTx,
  data: Uint8Array.from(bytes),
});
const ack = (ackNum: number): AshFrame => ({ type: 'ack', ackNum, notReady: false });
const nak = (ackNum: number): AshFrame => ({ type: 'nak', ackNum, notReady: false });

/** The host writes one frame and reads what the NCP sends back, in order. */
async function exchange(h: Harness, frame: AshFrame, ...expected: AshFrame[]): Promise<void> {
  h.host.write(encodeAsh(frame));
  for (const answer of expected) expect(await h.next()).toEqual(answer);
}

/** A link the host has reset (RST answered by RSTACK). */
async function connected(): Promise<Harness> {
  const h = (current = await start());
  await exchange(h, { type: 'rst' }, { type: 'rstack', version: 2, code: 0x0b });
  return h;
}

describe('ASH link (NCP side)', () => {
  it('answers RST with RSTACK version 2 and a software reset, then acknowledges and answers DATA in sequence', async () => {
    const h = (current = await start());
    h.host.write(Uint8Array.of(0x1a));
    await exchange(h, { type: 'rst' }, { type: 'rstack', version: 2, code: 0x0b });
    expect(h.resets).toBe(1);
    await exchange(h, data(0, 0, [1, 2, 3]), ack(1), data(0, 1, [3, 2, 1]));
    await exchange(h, data(1, 1, [4, 5, 6]), ack(2), data(1, 2, [6, 5, 4]));
  });

  it('NAKs an out-of-sequence frame, re-ACKs a retransmitted one without running it twice', async () => {
    const h = await connected();
    await exchange(h, data(2, 0, [9, 9, 9]), nak(0));
    await exchange(h, data(0, 0, [7, 8, 9]), ack(1), data(0, 1, [9, 8, 7]));
    await exchange(h, data(0, 1, [7, 8, 9], true), ack(1));
    await exchange(h, data(1, 1, [1, 1, 2]), ack(2), data(1, 2, [2, 1, 1]));
  });

  it('sends its unacknowledged frames again, flagged, on a NAK', async () => {
    const h = await connected();
    await exchange(h, data(0, 0, [1, 2, 3]), ack(1), data(0, 1, [3, 2, 1]));
    await exchange(h, nak(0), data(0, 1, [3, 2, 1], true));
    await exchange(h, ack(1));
    await exchange(h, data(1, 1, [4, 5, 6]), ack(2), data(1, 2, [6, 5, 4]));
  });

  it('ignores DATA before the host reset it, and reports its own reset with its reason', async () => {
    const h = (current = await start());
    h.host.write(encodeAsh(data(0, 0, [1, 2, 3])));
    await exchange(h, { type: 'rst' }, { type: 'rstack', version: 2, code: 0x0b });
    h.link.resetByNcp(0x03);
    expect(await h.next()).toEqual({ type: 'rstack', version: 2, code: 0x03 });
  });

  it('should stop sending, retransmit timer and all, once the host has gone away', async () => {
    const h = await connected();
    await exchange(h, data(0, 0, [1, 2, 3]), ack(1), data(0, 1, [3, 2, 1]));
    // The answer is never acknowledged: its retransmit timer runs. The host leaves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    h.host.destroy();
    await h.linkClosed;
    expect(h.link.isConnected).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(h.events).not.toContain('ash-ack-timeout');
  });
});
