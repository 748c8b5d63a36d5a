/**
 * The NCP side of one ASH session on a TCP socket: RST answered by RSTACK (version 2 and the reset
 * reason), host DATA frames acknowledged in sequence (out of sequence: NAK, a retransmitted copy
 * of one already taken: ACK again), EZSP frames to the host sent as DATA with frame numbers, at most
 * TX_K unacknowledged, kept until the host acknowledges them and sent again on a NAK or timeout.
 */
import type { Socket } from 'node:net';
import { AshDecoder, ASH_VERSION, encodeAsh, ResetReason } from './ash-codec';
import type { AshFrame } from './ash-codec';
import { LinkFaults } from './link-faults';

/** What the link needs from the EZSP layer above it. */
export interface AshUpper {
  /** One EZSP frame from the host. */
  received(frame: Uint8Array): void;
  /** The host reset the NCP (RST): everything in RAM is gone. */
  reset(): void;
}

/** Frames the NCP sends before the host acknowledges the first (UG101's TX_K). */
const WINDOW = 3;
/** How long a DATA frame waits for its ACK before it is sent again. */
const RETRANSMIT_MS = 800;

const inc = (n: number) => (n + 1) & 7;

export class AshLink {
  private readonly decoder = new AshDecoder();
  private connected = false;
  /** Next frame number the NCP sends, next one it expects from the host. */
  private frmTx = 0;
  private frmRx = 0;
  private unacked: { frmNum: number; data: Uint8Array }[] = [];
  private waiting: Uint8Array[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Reset reason the next RSTACK reports (software: the host's own RST). */
  resetReason: number = ResetReason.Software;

  constructor(
    private readonly socket: Socket,
    private readonly upper: AshUpper,
    private readonly log: (event: string, detail?: Record<string, unknown>) => void,
    private readonly faults: LinkFaults = new LinkFaults(),
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    // The host went away: nothing is acknowledged any more, so nothing is sent again either.
    socket.on('close', () => this.close());
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Sends one EZSP frame (response or callback) to the host. */
  send(frame: Uint8Array): void {
    if (!this.connected) return;
    this.waiting.push(frame);
    this.pump();
  }

  /** An NCP reset by itself (not asked for): RSTACK with the given reason, the host must reset. */
  resetByNcp(reason: number): void {
    this.clearSession();
    this.write({ type: 'rstack', version: ASH_VERSION, code: reason });
  }

  /** An ASH ERROR frame: the NCP is no longer connected until the host resets it. */
  error(code: number): void {
    this.clearSession();
    this.connected = false;
    this.write({ type: 'error', version: ASH_VERSION, code });
  }

  close(): void {
    this.closed = true;
    this.clearSession();
    this.connected = false;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    // A stuck NCP hears nothing: no ACK, no answer, not even an RST.
    if (this.faults.stuck()) return;
    for (const event of this.decoder.push(chunk)) {
      if (!event.ok) {
        this.log('ash-bad-frame', { error: event.error });
        // A DATA frame lost to a bad CRC is asked for again.
        if (this.connected && event.error === 'crc') this.write({ type: 'nak', ackNum: this.frmRx, notReady: false });
        continue;
      }
      this.onFrame(event.frame);
    }
  }

  private onFrame(frame: AshFrame): void {
    if (frame.type === 'rst') return this.onReset();
    if (!this.connected) return;
    if (frame.type === 'ack' || frame.type === 'nak' || frame.type === 'data') this.acknowledged(frame.ackNum);
    if (frame.type === 'nak') this.retransmit();
    if (frame.type !== 'data') return;
    if (frame.frmNum === this.frmRx && LinkFaults.take(this.faults, 'nak')) {
      this.log('ash-fault-nak', { frmNum: frame.frmNum });
      this.write({ type: 'nak', ackNum: this.frmRx, notReady: false });
    } else if (frame.frmNum === this.frmRx) {
      this.frmRx = inc(this.frmRx);
      this.write({ type: 'ack', ackNum: this.frmRx, notReady: false });
      this.upper.received(frame.data);
    } else if (frame.reTx && inc(frame.frmNum) === this.frmRx) {
      // Our ACK was lost and the host sent the frame again: acknowledge, do not run it twice.
      this.write({ type: 'ack', ackNum: this.frmRx, notReady: false });
    } else {
      this.log('ash-out-of-sequence', { expected: this.frmRx, got: frame.frmNum });
      this.write({ type: 'nak', ackNum: this.frmRx, notReady: false });
    }
  }

  private onReset(): void {
    this.clearSession();
    this.upper.reset();
    this.connected = true;
    this.write({ type: 'rstack', version: ASH_VERSION, code: this.resetReason });
    this.resetReason = ResetReason.Software;
  }

  private clearSession(): void {
    this.frmTx = 0;
    this.frmRx = 0;
    this.unacked = [];
    this.waiting = [];
    this.stopTimer();
  }

  /** ackNum is the next frame the host expects: every earlier one is delivered. */
  private acknowledged(ackNum: number): void {
    const index = this.unacked.findIndex((entry) => entry.frmNum === ackNum);
    const done = index === -1 ? (ackNum === this.frmTx ? this.unacked.length : 0) : index;
    if (done === 0) return;
    this.unacked.splice(0, done);
    this.stopTimer();
    if (this.unacked.length > 0) this.startTimer();
    this.pump();
  }

  private pump(): void {
    while (this.waiting.length > 0 && this.unacked.length < WINDOW) {
      const data = this.waiting.shift()!;
      const frmNum = this.frmTx;
      this.frmTx = inc(this.frmTx);
      this.unacked.push({ frmNum, data });
      // A lost frame stays unacknowledged: the ACK timeout (or the host's NAK) sends it again.
      if (LinkFaults.take(this.faults, 'lose')) this.log('ash-fault-lose', { frmNum });
      else this.write({ type: 'data', frmNum, ackNum: this.frmRx, reTx: false, data });
    }
    if (this.unacked.length > 0 && !this.timer) this.startTimer();
  }

  private retransmit(): void {
    for (const { frmNum, data } of this.unacked) this.write({ type: 'data', frmNum, ackNum: this.frmRx, reTx: true, data });
    this.stopTimer();
    if (this.unacked.length > 0) this.startTimer();
  }

  private startTimer(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.log('ash-ack-timeout', { unacked: this.unacked.length });
      this.retransmit();
    }, RETRANSMIT_MS);
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private write(frame: AshFrame): void {
    if (this.closed || this.socket.destroyed || this.faults.stuck()) return;
    this.socket.write(encodeAsh(frame));
  }
}
