import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** A TCP connection to a port on 127.0.0.1 (tests talk to loopback only), once it is open. */
export function connectLoopback(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}
