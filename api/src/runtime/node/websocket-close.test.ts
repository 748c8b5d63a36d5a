import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connect, startRig } from '../../../test/helpers/websocket-rig';
import { withTimeout } from '../../../../test/helpers/wait';

describe('websocket server close', () => {
  it('should disconnect every client and free the port, but leave the HTTP server to its owner', async () => {
    const started = await startRig({ pingIntervalMs: 60_000 });
    const dedicated = await connect(`ws://127.0.0.1:${started.ws.port}`);
    const shared = await connect(`ws://127.0.0.1:${started.httpPort}`);
    await started.ws.close();
    await withTimeout(Promise.all([dedicated.closed, shared.closed]), 5_000, 'clients closed');
    expect(started.ws.clientCount()).toBe(0);
    await expect(connect(`ws://127.0.0.1:${started.ws.port}`)).rejects.toThrow(/ECONNREFUSED/);
    // The HTTP server belongs to its owner: still serving, but no longer upgrading.
    await expect(connect(`ws://127.0.0.1:${started.httpPort}`)).rejects.toThrow(/Unexpected server response: 200/);
    await started.close();
  });

  it('should leave nothing behind that keeps the process alive', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./websocket-close.child.ts', import.meta.url))], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // The child never calls process.exit: it ends only if close() released every handle.
      expect(await withTimeout(exited, 15_000, `child to exit on its own; output: ${output}`)).toBe(0);
      expect(output).toBe('closed 1,1\n');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('should be safe to close twice', async () => {
    const started = await startRig();
    await Promise.all([started.ws.close(), started.ws.close()]);
    await started.close();
    // Unsubscribed from the hub: with no listener left the hub does not even serialise.
    let serialisations = 0;
    started.hub.publish({ t: 'event', e: 'deleted', r: 'groups', id: '1', x: { toJSON: () => ++serialisations } });
    expect(serialisations).toBe(0);
    await expect(connect(`ws://127.0.0.1:${started.ws.port}`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
