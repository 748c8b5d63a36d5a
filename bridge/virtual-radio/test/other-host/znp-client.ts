/**
 * An MT (ZNP) client over TCP with its own UNPI framing: `FE len cmd0 cmd1 data fcs`. SREQs go one at
 * a time and resolve with their SRSP, or reject with the RPC error (`60 00`) that names them. Every
 * received frame is kept, and `next` waits for the first one after a given mark, so a waiter can be
 * armed before the request that causes the frame is written.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';

export interface ZnpFrame {
  cmd0: number;
  cmd1: number;
  data: Buffer;
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    request: string,
  ) {
    super(`RPC error ${code} for ${request}`);
  }
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export class ZnpClient {
  private readonly received: ZnpFrame[] = [];
  private pending = Buffer.alloc(0);
  private wakers: Array<() => void> = [];
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => {});
  }

  static connect(port: number): Promise<ZnpClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new ZnpClient(socket)));
      socket.once('error', reject);
    });
  }

  private onData(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      const start = this.pending.indexOf(0xfe);
      if (start < 0) {
        this.pending = Buffer.alloc(0);
        break;
      }
      if (this.pending.length < start + 5) break;
      const len = this.pending[start + 1];
      if (this.pending.length < start + len + 5) break;
      const body = this.pending.subarray(start + 1, start + len + 4);
      const fcs = body.reduce((x, b) => x ^ b, 0);
      if (fcs === this.pending[start + len + 4]) this.received.push({ cmd0: body[1], cmd1: body[2], data: Buffer.from(body.subarray(3)) });
      this.pending = this.pending.subarray(start + len + 5);
    }
    for (const wake of this.wakers.splice(0)) wake();
  }

  write(cmd0: number, cmd1: number, data: Iterable<number> = []): void {
    const payload = Buffer.from([...data]);
    const body = Buffer.from([payload.length, cmd0, cmd1, ...payload]);
    this.socket.write(Buffer.from([0xfe, ...body, body.reduce((x, b) => x ^ b, 0)]));
  }

  /** Where the next received frame will be; pass it to `next` to wait only for later frames. */
  mark(): number {
    return this.received.length;
  }

  /** Every frame received since `from`. */
  since(from: number): ZnpFrame[] {
    return this.received.slice(from);
  }

  /** The first frame at or after `from` that matches, within `timeoutMs`. */
  async next(match: (f: ZnpFrame) => boolean, from: number, timeoutMs = 5_000): Promise<ZnpFrame> {
    const end = Date.now() + timeoutMs;
    for (let i = from; ; ) {
      for (; i < this.received.length; i++) if (match(this.received[i])) return this.received[i];
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wakers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** An SREQ: its SRSP (`cmd0 | 0x40`, same cmd1), or an RpcError if the radio refuses it. */
  sreq(cmd0: number, cmd1: number, data: Iterable<number> = [], timeoutMs = 2_000): Promise<ZnpFrame> {
    const run = async () => {
      const from = this.mark();
      this.write(cmd0, cmd1, data);
      const srsp = 0x60 | (cmd0 & 0x1f);
      const answer = await this.next(
        (f) => (f.cmd0 === srsp && f.cmd1 === cmd1) || (f.cmd0 === 0x60 && f.cmd1 === 0 && f.data[1] === cmd0 && f.data[2] === cmd1),
        from,
        timeoutMs,
      );
      if (answer.cmd0 === 0x60 && answer.cmd1 === 0 && srsp !== 0x60) throw new RpcError(answer.data[0], `${hex2(cmd0)} ${hex2(cmd1)}`);
      return answer;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  close(): void {
    this.socket.destroy();
  }
}
