/**
 * A small deCONZ serial-protocol host written apart from both herdsman and the emulator's codecs (its
 * own SLIP, checksum and payload layouts, as zigpy-deconz lays them out), so that a stack other than
 * herdsman drives the radio in tests. It behaves as zigpy-deconz does: one command outstanding at a
 * time, matched by sequence number; a non-success status fails the command; the confirm and
 * indication flags of every device-state byte it sees make it read them; no idle polling.
 */
import type { Socket } from 'node:net';
import { connectLoopback } from '../support/loopback';

const END = 0xc0,
  ESC = 0xdb,
  ESC_END = 0xdc,
  ESC_ESC = 0xdd;
const Cmd = {
  Confirm: 0x04,
  DeviceState: 0x07,
  NetworkState: 0x08,
  Read: 0x0a,
  Write: 0x0b,
  Version: 0x0d,
  StateChanged: 0x0e,
  Request: 0x12,
  Indication: 0x17,
} as const;
const CONFIRM_WAITING = 0x04,
  INDICATION_WAITING = 0x08;
const COMMAND_TIMEOUT_MS = 1_800;

export class CommandError extends Error {
  constructor(
    readonly command: number,
    readonly status: number,
  ) {
    super(`command 0x${command.toString(16)} failed with status ${status}`);
  }
}

export interface Indication {
  srcNwk: number;
  srcEndpoint: number;
  dstEndpoint: number;
  profile: number;
  cluster: number;
  asdu: Uint8Array;
  lqi: number;
  rssi: number;
}
type Reply = { status: number; payload: Uint8Array };

const le = (value: number | bigint, size: number) => {
  const out: number[] = [];
  for (let v = BigInt(value), i = 0; i < size; i += 1, v >>= 8n) out.push(Number(v & 0xffn));
  return out;
};
export const u16 = (v: number) => le(v, 2),
  u32 = (v: number) => le(v, 4),
  u64 = (v: bigint) => le(v, 8);
export const readLe = (bytes: Uint8Array, at: number, size: number) => {
  let v = 0n;
  for (let i = size - 1; i >= 0; i -= 1) v = (v << 8n) | BigInt(bytes[at + i]);
  return v;
};

export class DeconzHost {
  readonly indications: Indication[] = [];
  readonly confirms = new Map<number, number>();
  private seq = 0;
  private buffer: number[] = [];
  private escaping = false;
  private readonly awaiting = new Map<number, (reply: Reply) => void>();
  private chain: Promise<unknown> = Promise.resolve();
  private readingConfirm = false;
  private readingIndication = false;
  private listeners: Array<() => void> = [];

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', () => {});
  }

  static async connect(port: number): Promise<DeconzHost> {
    return new DeconzHost(await connectLoopback(port));
  }

  close(): void {
    this.socket.destroy();
  }

  /** Sends one command after the previous one finished; resolves with its reply or throws CommandError. */
  command(command: number, payload: number[]): Promise<Reply> {
    const run = this.chain.then(() => this.exchange(command, payload));
    this.chain = run.catch(() => {});
    return run;
  }

  private exchange(command: number, payload: number[]): Promise<Reply> {
    this.seq = (this.seq % 255) + 1;
    const seq = this.seq;
    const frame = [command, seq, 0, ...u16(payload.length + 5), ...payload];
    const sum = -frame.reduce((a, b) => a + b, 0) & 0xffff;
    const bytes = [...frame, ...u16(sum)];
    const out = [END];
    for (const b of bytes) out.push(...(b === END ? [ESC, ESC_END] : b === ESC ? [ESC, ESC_ESC] : [b]));
    out.push(END);
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.awaiting.delete(seq);
        reject(new Error(`no answer to command 0x${command.toString(16)} (seq ${seq})`));
      }, COMMAND_TIMEOUT_MS);
      this.awaiting.set(seq, (reply) => {
        clearTimeout(timer);
        if (reply.status === 0) resolve(reply);
        else reject(new CommandError(command, reply.status));
      });
      this.socket.write(Uint8Array.from(out));
    });
  }

  private receive(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (this.escaping) {
        this.escaping = false;
        this.buffer.push(byte === ESC_END ? END : byte === ESC_ESC ? ESC : byte);
      } else if (byte === ESC) this.escaping = true;
      else if (byte !== END) this.buffer.push(byte);
      else if (this.buffer.length > 0) {
        this.frame(Uint8Array.from(this.buffer));
        this.buffer = [];
      }
    }
  }

  private frame(bytes: Uint8Array): void {
    const sum = bytes.subarray(0, bytes.length - 2).reduce((a, b) => a + b, 0);
    if ((-sum & 0xffff) !== Number(readLe(bytes, bytes.length - 2, 2))) return;
    const [command, seq, status] = bytes;
    const payload = bytes.subarray(5, bytes.length - 2);
    if (command !== Cmd.StateChanged) this.awaiting.get(seq)?.({ status, payload });
    this.awaiting.delete(seq);
    if (status !== 0) return;
    if (command === Cmd.StateChanged || command === Cmd.DeviceState) this.stateByte(payload[0]);
    if (command === Cmd.Request || command === Cmd.Confirm || command === Cmd.Indication) this.stateByte(payload[2]);
    if (command === Cmd.Confirm) this.confirms.set(payload[3], this.confirmStatus(payload));
    if (command === Cmd.Indication) this.indications.push(parseIndication(payload));
    for (const wake of this.listeners.splice(0)) wake();
  }

  private stateByte(state: number): void {
    if (state & INDICATION_WAITING && !this.readingIndication) {
      this.readingIndication = true;
      // payloadLen 1, flags: always use the NWK source address (zigpy-deconz on a ConBee II)
      void this.command(Cmd.Indication, [1, 0, 0x01])
        .catch(() => {})
        .finally(() => {
          this.readingIndication = false;
        });
    }
    if (state & CONFIRM_WAITING && !this.readingConfirm) {
      this.readingConfirm = true;
      void this.command(Cmd.Confirm, [0, 0])
        .catch(() => {})
        .finally(() => {
          this.readingConfirm = false;
        });
    }
  }

  /** `payloadLen, state, requestId, dst mode, dst (u16 [+ep] | u64 + ep), srcEp, status`. */
  private confirmStatus(payload: Uint8Array): number {
    const mode = payload[4];
    const dstSize = mode === 1 ? 2 : mode === 2 ? 3 : 9;
    return payload[5 + dstSize + 1];
  }

  /** Resolves with the first value `find` returns, waking on every frame. */
  async until<T>(find: () => T | undefined, timeoutMs = 5_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error('awaited frame did not arrive');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(end - Date.now(), 1));
        this.listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async readParameter(id: number, arg: number[] = []): Promise<Uint8Array> {
    const reply = await this.command(Cmd.Read, [...u16(1 + arg.length), id, ...arg]);
    return reply.payload.slice(3);
  }

  async writeParameter(id: number, value: number[]): Promise<void> {
    await this.command(Cmd.Write, [...u16(1 + value.length), id, ...value]);
  }

  async deviceState(): Promise<number> {
    return (await this.command(Cmd.DeviceState, [0, 0, 0])).payload[0];
  }

  async version(): Promise<number> {
    return Number(readLe((await this.command(Cmd.Version, [0, 0, 0, 0])).payload, 0, 4));
  }

  /** CHANGE_NETWORK_STATE, then the device state polled until the network state matches (zigpy's change loop). */
  async changeNetworkState(target: number, timeoutMs = 10_000): Promise<void> {
    await this.command(Cmd.NetworkState, [target]);
    const end = Date.now() + timeoutMs;
    while (((await this.deviceState()) & 0x03) !== target) {
      if (Date.now() > end) throw new Error(`network state never became ${target}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** APS-DATA.request to a NWK address; resolves with the confirm status. */
  async send(requestId: number, nwk: number, dstEp: number, profile: number, cluster: number, srcEp: number, asdu: number[]): Promise<number> {
    const dst = [0x02, ...u16(nwk), dstEp];
    this.confirms.delete(requestId);
    const body = [requestId, 0x00, ...dst, ...u16(profile), ...u16(cluster), srcEp, ...u16(asdu.length), ...asdu, 0x02, 0];
    await this.command(Cmd.Request, [...u16(body.length), ...body]);
    return this.until(() => this.confirms.get(requestId));
  }

  /** The first indication matching `predicate` (removed from the list). */
  async indication(predicate: (ind: Indication) => boolean, timeoutMs = 5_000): Promise<Indication> {
    return this.until(() => {
      const index = this.indications.findIndex(predicate);
      return index < 0 ? undefined : this.indications.splice(index, 1)[0];
    }, timeoutMs);
  }
}

/** `payloadLen, state, dst (mode + u16 | u64), dstEp, src (mode + u16 [+ u64]), srcEp, profile, cluster, asdu, 2 bytes, lqi, 4 bytes, rssi`. */
function parseIndication(p: Uint8Array): Indication {
  let at = 3;
  const address = () => {
    const mode = p[at];
    const size = mode === 3 ? 8 : mode === 4 ? 10 : 2;
    const nwk = Number(readLe(p, at + 1, 2));
    at += 1 + size;
    return nwk;
  };
  address();
  const dstEndpoint = p[at++];
  const srcNwk = address();
  const srcEndpoint = p[at++];
  const profile = Number(readLe(p, at, 2)),
    cluster = Number(readLe(p, at + 2, 2)),
    length = Number(readLe(p, at + 4, 2));
  at += 6;
  const asdu = p.slice(at, at + length);
  at += length;
  const lqi = p[at + 2];
  const rssi = (p[at + 7] << 24) >> 24;
  return { srcNwk, srcEndpoint, dstEndpoint, profile, cluster, asdu, lqi, rssi };
}
