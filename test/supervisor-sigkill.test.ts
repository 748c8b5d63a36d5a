import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupervisedGateway, type SupervisedGateway } from './helpers/supervised-gateway';
import { childrenOf } from './helpers/processes';
import { waitFor } from './helpers/wait';

/**
 * `npm start` killed with SIGKILL (an OOM kill, `kill -9`, a crashed terminal) cannot stop its
 * children; they watch a pipe from it and stop themselves, so radio, bridge and api free their
 * ports and a new start can bind them.
 */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Whether something accepts TCP connections on the port (the radio port is not HTTP). */
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start killed with SIGKILL', () => {
  let gateway: SupervisedGateway;
  let children: number[] = [];

  beforeAll(async () => {
    gateway = await startSupervisedGateway('herdgate-sigkill-');
  }, 90_000);
  afterAll(async () => {
    // Only if the test failed: never leave the children we saw running.
    for (const pid of children.filter(alive)) process.kill(pid, 'SIGKILL');
    await gateway?.stop();
  });

  it('should take radio, bridge and api down with it and free every port', async () => {
    children = childrenOf(gateway.process.process.pid!);
    // radio and the gateway (bridge and api in one process; possibly the esbuild service that built them, which also exits with us).
    expect(children.length).toBeGreaterThanOrEqual(2);
    const { ports } = gateway;
    for (const port of [ports.http, ports.ws, ports.mqtt, ports.radio, ports.control]) expect(await portOpen(port), `port ${port} open before`).toBe(true);
    await gateway.process.kill();
    const survivors = () => children.filter(alive).map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
    await waitFor(() => survivors().length === 0, 'every child of the killed supervisor to exit', 30_000, 200).catch((err: Error) => {
      throw new Error(`${err.message}: still running ${survivors().join(' | ')}`);
    });
    for (const port of [ports.http, ports.ws, ports.mqtt, ports.radio, ports.control]) expect(await portOpen(port), `port ${port} closed`).toBe(false);
  }, 60_000);
});
