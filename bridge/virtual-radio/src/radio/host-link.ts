/**
 * One host connection: SLIP in, frames through the radio core, SLIP out. Sends the unsolicited
 * DEVICE_STATE_CHANGED a real ConBee sends when a confirm or indication becomes pending, and again
 * ~2 ms after an indication or confirm is read (without it every round trip waits for the host's
 * 100 ms poll). The first nudge goes out at the end of the current turn (setImmediate, which still
 * coalesces a burst queued together) rather than on a 0 ms timer, which Node rounds up to 1 ms:
 * the firmware does not wait either, and that millisecond was a fifth of every report's latency.
 */
import type { Socket } from 'node:net';
import { Command, SlipDecoder, decodeFrame, encodeFrame, responses, slipEncode } from '../protocol/index';
import type { Frame } from '../protocol/index';
import type { RadioCore } from './radio-core';

const NUDGE_AFTER_READ_MS = 2;

export class HostLink {
  private readonly decoder = new SlipDecoder();
  private nudgeSeq = 0;
  private nudgeTimer: { immediate: NodeJS.Immediate } | { timeout: NodeJS.Timeout } | undefined;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly core: RadioCore,
    private readonly log: (event: string, detail?: Record<string, unknown>) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    core.onQueued = () => this.nudge(0);
  }

  private onData(chunk: Buffer): void {
    for (const bytes of this.decoder.push(chunk)) {
      const decoded = decodeFrame(bytes);
      if (!decoded.ok) {
        this.log('bad-frame', { error: decoded.error, length: bytes.length });
        continue;
      }
      const response = this.core.handle(decoded.frame);
      this.write(response);
      const command = decoded.frame.command;
      if (command === Command.ApsDataIndication || command === Command.ApsDataConfirm) this.nudge(NUDGE_AFTER_READ_MS);
    }
  }

  private nudge(afterMs: number): void {
    if (this.closed || this.nudgeTimer) return;
    const send = () => {
      this.nudgeTimer = undefined;
      const state = this.core.deviceState();
      if (this.closed) return;
      this.nudgeSeq = (this.nudgeSeq + 1) & 0xff;
      this.write(responses.deviceStateChanged(this.nudgeSeq, state));
    };
    this.nudgeTimer = afterMs === 0 ? { immediate: setImmediate(send) } : { timeout: setTimeout(send, afterMs) };
  }

  private write(frame: Frame): void {
    if (this.closed || this.socket.destroyed) return;
    this.socket.write(slipEncode(encodeFrame(frame)));
  }

  close(): void {
    this.closed = true;
    if (this.nudgeTimer && 'immediate' in this.nudgeTimer) clearImmediate(this.nudgeTimer.immediate);
    else if (this.nudgeTimer) clearTimeout(this.nudgeTimer.timeout);
    this.core.onQueued = () => {};
    this.socket.destroy();
  }
}
