import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
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

/** The pid of the process listening on a loopback TCP port, from /proc; undefined when nobody does. */
function listenerOf(port: number): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT; state 0A is LISTEN; the inode is column 10.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(target.slice('socket:['.length, -1))) return Number(pid);
      } catch {}
    }
  }
  return undefined;
}

/** Whether a process belongs to this gateway: it was started with its data dir. */
const ofGateway = (pid: number, dir: string) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .some((entry) => entry.endsWith(dir));
  } catch {
    return false;
  }
};

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
    // Freed ports: nobody of this gateway listens on them any more. Another test running alongside
    // may have been given a freed number already; that listener is not this gateway's.
    for (const port of [ports.http, ports.ws, ports.mqtt, ports.radio, ports.control]) {
      const owner = (await portOpen(port)) ? listenerOf(port) : undefined;
      const held = owner !== undefined && ofGateway(owner, gateway.dir);
      expect(held, `port ${port} still held by ${owner === undefined ? '' : readFileSync(`/proc/${owner}/cmdline`, 'utf8').replace(/\0/g, ' ')}`).toBe(false);
    }
  }, 60_000);
});
