/**
 * A minimal host speaking the serial protocol over TCP with our own codec: for tests of the radio's
 * transport behaviour that herdsman cannot provoke on purpose.
 */
import type { Socket } from 'node:net';
import { connectLoopback } from './loopback';
import { SlipDecoder, decodeFrame, encodeFrame, slipEncode } from '../../src/protocol/index';
import type { Frame } from '../../src/protocol/index';

export class RawHost {
  readonly frames: Frame[] = [];
  closed = false;
  private readonly decoder = new SlipDecoder();
  private wake: (() => void) | undefined;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      for (const bytes of this.decoder.push(chunk)) {
        const decoded = decodeFrame(bytes);
        if (decoded.ok) this.frames.push(decoded.frame);
      }
      this.wake?.();
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {});
  }

  static async connect(port: number): Promise<RawHost> {
    return new RawHost(await connectLoopback(port));
  }

  send(command: number, seq: number, payload: number[]): void {
    this.socket.write(slipEncode(encodeFrame({ command, seq, status: 0, payload: Uint8Array.from(payload) })));
  }

  sendRaw(bytes: number[]): void {
    this.socket.write(Uint8Array.from(bytes));
  }

  /** The first received frame matching `predicate`, waking on arrival (benchmarks time this). */
  async next(predicate: (f: Frame) => boolean, timeoutMs = 2_000): Promise<Frame> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(predicate);
      if (index >= 0) return this.frames.splice(index, 1)[0];
      const left = end - Date.now();
      if (left <= 0) throw new Error('expected frame did not arrive');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          this.wake = undefined;
          resolve();
        };
      });
    }
  }

  async waitClosed(timeoutMs = 2_000): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    return this.closed;
  }

  close(): void {
    this.socket.destroy();
  }
}
