import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sha256Hex } from '@herdgate/shared/backup';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { waitFor } from '../../../test/helpers/wait';

/**
 * A restore over REST on both runtimes (the Node gateway and the Worker's Durable Object) with a
 * scripted bridge: once the database is replaced and the bridge has its part, every WebSocket
 * client is closed with 1012 ("service restart"), as a deCONZ restarting into a backup drops them,
 * and a new connection is taken. The refusals and the redelivery: import.test.ts (Node).
 */
const NETWORK = '{"panID":4242,"extendedPanID":[1,2,3,4,5,6,7,8],"networkKey":[1,3,5,7,9,11,13,15,0,2,4,6,8,10,12,13]}';
const DATABASE = '{"id":1,"type":"Coordinator","ieeeAddr":"0x00212effff012345"}\n';

describeOnRuntimesWithBridge('restore and WebSocket clients', (gw, bridge) => {
  it('should close every WebSocket client with 1012 after a restore, and take new ones', async () => {
    const key = await gw().createKey('restorer');
    const call = (method: string, path: string, body?: RequestInit['body']) => gw().request(`/api/${key}${path}`, { method, body });
    const files = Object.fromEntries(
      await Promise.all(
        Object.entries({ 'network.json': NETWORK, 'database.db': DATABASE }).map(async ([name, text]) => {
          const bytes = Buffer.from(text);
          return [name, { sha256: await sha256Hex(bytes), gzip: gzipSync(bytes).toString('base64') }] as const;
        }),
      ),
    );
    bridge().requestScript.push({ status: 'ok', data: { files } });
    expect((await call('POST', '/config/export', '')).status).toBe(200);
    const archive = new Uint8Array(await (await call('GET', '/config/export')).arrayBuffer());

    const socket = new WebSocket(gw().websocketUrl);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    bridge().holdRequests.push('backup/restore');
    const answered = call('POST', '/config/import', archive as RequestInit['body']);
    const done = {
      status: 'ok' as const,
      data: {
        id: '0'.repeat(64),
        stick: 'same',
        coordinator: '0x00212effff012345',
        backup: { ieee: '0x00212effff012345' },
        files: ['database.db', 'network.json'],
      },
    };
    // The check, then the bridge's part (the reloaded models ask the bridge things of their own meanwhile).
    for (const restored of [false, true]) {
      await waitFor(() => bridge().heldRequests.length > 0, 'bridge().heldRequests.length > 0', 30_000);
      await bridge()
        .heldRequests.shift()!
        .answer({ ...done, data: { ...done.data, restored } });
    }
    const res = await answered;
    expect(res.status, await res.clone().text()).toBe(200);
    // The close frame arrives at once; workerd's dev proxy then keeps the TCP connection open until
    // ws gives up on it (30 s), so the test ends the socket once the frame is in: ws reports its code.
    await waitFor(() => socket.readyState !== WebSocket.OPEN, 'socket.readyState !== WebSocket.OPEN', 10_000);
    socket.terminate();
    expect(await closed).toBe(1012);
    const again = new WebSocket(gw().websocketUrl);
    await new Promise((resolve, reject) => {
      again.once('open', resolve);
      again.once('error', reject);
    });
    again.terminate();
  });
});
