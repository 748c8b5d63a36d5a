/** One host connection to the Z-Stack front: UNPI in, frames through the firmware, UNPI out. */
import type { Socket } from 'node:net';
import { encodeUnpi, UnpiDecoder } from '../znp/index';
import type { ZnpFirmware } from './znp-firmware';

export class ZnpLink {
  private readonly decoder = new UnpiDecoder();
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly firmware: ZnpFirmware,
    private readonly log: (event: string, detail?: Record<string, unknown>) => void,
  ) {
    socket.setNoDelay(true);
    firmware.send = (frame) => {
      if (this.closed || socket.destroyed) return;
      socket.write(encodeUnpi(frame));
    };
    socket.on('data', (chunk) => this.onData(chunk));
  }

  private onData(chunk: Buffer): void {
    for (const event of this.decoder.push(chunk)) {
      if (!event.ok) {
        this.log('bad-frame', { error: event.error });
        continue;
      }
      try {
        this.firmware.handle(event.frame);
      } catch (error) {
        // A frame the emulator cannot parse gets no answer, as herdsman's own parser would drop it.
        this.log('bad-command', { subsystem: event.frame.subsystem, command: event.frame.command, error: String(error) });
      }
    }
  }

  close(): void {
    this.closed = true;
    this.firmware.send = () => {};
    this.socket.destroy();
  }
}
