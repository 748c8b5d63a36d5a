/** The NCP's ASH session over a real loopback socket, driven frame by frame as a host would. */
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AshDecoder, encodeAsh } from '../../src/ember/ash-codec';
import type { AshFrame } from '../../src/ember/ash-codec';
import { AshLink } from '../../src/ember/ash-link';

interface Harness { host: Socket; frames: AshFrame[]; next(): Promise<AshFrame>; link: AshLink; resets: number; server: Server }

async function start(): Promise<Harness> {
  const frames: AshFrame[] = [];
  const waiters: (() => void)[] = [];
  const harness = { frames, resets: 0 } as unknown as Harness;
  const server = createServer((socket) => {
    // The upper layer answers every EZSP frame with the same bytes, reversed.
    harness.link = new AshLink(socket, { received: (data) => harness.link.send(Uint8Array.from(data).reverse()), reset: () => { harness.resets++; } }, () => {});
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
  current?.host.destroy();
  current?.link?.close();
  await new Promise((resolve) => current?.server.close(resolve));
  current = undefined;
});

const data = (frmNum: number, ackNum: number, bytes: number[], reTx = false): AshFrame => ({ type: 'data', frmNum, ackNum, reTx, data: Uint8Array.from(bytes) });

describe('ASH link (NCP side)', () => {
  it('answers RST with RSTACK version 2 and a software reset, then acknowledges and answers DATA in sequence', async () => {
    const h = (current = await start());
    h.host.write(Uint8Array.of(0x1a, ...encodeAsh({ type: 'rst' })));
    expect(await h.next()).toEqual({ type: 'rstack', version: 2, code: 0x0b });
    expect(h.resets).toBe(1);
    h.host.write(encodeAsh(data(0, 0, [1, 2, 3])));
    expect(await h.next()).toEqual({ type: 'ack', ackNum: 1, notReady: false });
    expect(await h.next()).toEqual(data(0, 1, [3, 2, 1]));
    h.host.write(encodeAsh(data(1, 1, [4, 5, 6])));
    expect(await h.next()).toEqual({ type: 'ack', ackNum: 2, notReady: false });
    expect(await h.next()).toEqual(data(1, 2, [6, 5, 4]));
  });

  it('NAKs an out-of-sequence frame, re-ACKs a retransmitted one without running it twice', async () => {
    const h = (current = await start());
    h.host.write(encodeAsh({ type: 'rst' }));
    await h.next();
    h.host.write(encodeAsh(data(2, 0, [9, 9, 9])));
    expect(await h.next()).toEqual({ type: 'nak', ackNum: 0, notReady: false });
    h.host.write(encodeAsh(data(0, 0, [7, 8, 9])));
    expect(await h.next()).toEqual({ type: 'ack', ackNum: 1, notReady: false });
    expect(await h.next()).toEqual(data(0, 1, [9, 8, 7]));
    h.host.write(encodeAsh(data(0, 1, [7, 8, 9], true)));
    expect(await h.next()).toEqual({ type: 'ack', ackNum: 1, notReady: false });
    h.host.write(encodeAsh(data(1, 1, [1, 1, 2])));
    expect(await h.next()).toEqual({ type: 'ack', ackNum: 2, notReady: false });
    expect(await h.next()).toEqual(data(1, 2, [2, 1, 1]));
  });

  it('sends its unacknowledged frames again, flagged, on a NAK', async () => {
    const h = (current = await start());
    h.host.write(encodeAsh({ type: 'rst' }));
    await h.next();
    h.host.write(encodeAsh(data(0, 0, [1, 2, 3])));
    await h.next();
    expect(await h.next()).toEqual(data(0, 1, [3, 2, 1]));
    h.host.write(encodeAsh({ type: 'nak', ackNum: 0, notReady: false }));
    expect(await h.next()).toEqual(data(0, 1, [3, 2, 1], true));
    h.host.write(encodeAsh({ type: 'ack', ackNum: 1, notReady: false }));
    h.host.write(encodeAsh(data(1, 1, [4, 5, 6])));
    expect(await h.next()).toEqual({ type: 'ack', ackNum: 2, notReady: false });
    expect(await h.next()).toEqual(data(1, 2, [6, 5, 4]));
  });

  it('ignores DATA before the host reset it, and reports its own reset with its reason', async () => {
    const h = (current = await start());
    h.host.write(encodeAsh(data(0, 0, [1, 2, 3])));
    h.host.write(encodeAsh({ type: 'rst' }));
    expect(await h.next()).toEqual({ type: 'rstack', version: 2, code: 0x0b });
    h.link.resetByNcp(0x03);
    expect(await h.next()).toEqual({ type: 'rstack', version: 2, code: 0x03 });
  });
});
