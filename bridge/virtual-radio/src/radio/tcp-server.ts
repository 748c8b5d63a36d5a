/**
 * The radio's TCP port on 127.0.0.1: one host at a time (a second connection is closed at once, as
 * a serial port cannot be opened twice), and a reboot that drops the host and refuses it for a while.
 */
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';

/** A protocol front's handling of one host connection. */
export interface LinkHandle {
  close(): void;
}

export interface ServedFront {
  attach(socket: Socket): LinkHandle;
  /** What a reboot loses (queues, RAM state). */
  rebooted(): void;
}

export class RadioServer {
  private readonly server: Server;
  private link: LinkHandle | undefined;
  private downUntil = 0;

  constructor(
    private readonly front: ServedFront,
    private readonly log: (event: string, detail?: Record<string, unknown>) => void,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  get hostConnected(): boolean {
    return this.link !== undefined;
  }

  private accept(socket: Socket): void {
    if (this.link || Date.now() < this.downUntil) {
      socket.destroy();
      return;
    }
    const link = this.front.attach(socket);
    this.link = link;
    this.log('host-connected', { remote: socket.remotePort });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.link === link) this.link = undefined;
      this.log('host-disconnected');
    });
  }

  /** Drops the host connection and refuses new ones for `downMs`, losing the firmware's queues. */
  reboot(downMs: number): void {
    this.downUntil = Date.now() + downMs;
    this.link?.close();
    this.link = undefined;
    this.front.rebooted();
    this.log('reboot', { downMs });
  }

  close(): Promise<void> {
    this.link?.close();
    this.link = undefined;
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
