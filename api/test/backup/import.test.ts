import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sha256Hex } from '@herdgate/shared/backup';
import { connectMqttLink } from '../../src/bridge-link';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startTestBridge, type TestBridge } from '../helpers/test-bridge';
import { waitFor } from '../../../test/helpers/wait';

/**
 * `POST /config/import` (and `POST /fileupload`) on the Node gateway with a scripted bridge on a
 * real broker: bad files and a stick that cannot take the network are refused with the deCONZ
 * error array and nothing changed; a restore replaces the database, keeps the asking key, and the
 * bridge part it could not deliver is kept and sent again once the bridge is back. The real
 * bridge's side, on every emulated coordinator: test/backup-new-stick.test.ts.
 */
const NETWORK = '{"panID":4242,"extendedPanID":[1,2,3,4,5,6,7,8],"networkKey":[1,3,5,7,9,11,13,15,0,2,4,6,8,10,12,13]}';
const DATABASE = '{"id":1,"type":"Coordinator","ieeeAddr":"0x00212effff012345"}\n';

async function bridgeFiles() {
  const entries = await Promise.all(
    Object.entries({ 'network.json': NETWORK, 'database.db': DATABASE }).map(async ([name, text]) => {
      const bytes = Buffer.from(text);
      return [name, { sha256: await sha256Hex(bytes), gzip: gzipSync(bytes).toString('base64') }] as const;
    }),
  );
  return { status: 'ok' as const, data: { files: Object.fromEntries(entries) } };
}

const answer = (id: string, restored: boolean) => ({
  status: 'ok' as const,
  data: { id, stick: 'same', coordinator: '0x00212effff012345', backup: { ieee: '0x00212effff012345' }, files: ['database.db', 'network.json'], restored },
});

describe('config import', () => {
  let bridge: TestBridge;
  let gw: TestGateway;
  let key: string;
  let archive: Uint8Array;
  const groups = async () =>
    Object.values((await (await gw.request(`/api/${key}/groups`)).json()) as Record<string, { name: string }>)
      .map((g) => g.name)
      .sort();
  const resourcelinks = async () =>
    Object.values((await (await gw.request(`/api/${key}/resourcelinks`)).json()) as Record<string, { name: string }>)
      .map((l) => l.name)
      .sort();
  /** Answers the next held `backup/restore` request (the reloaded models send requests of their own meanwhile). */
  const answerRestore = async (outcome: Parameters<TestBridge['heldRequests'][number]['answer']>[0]) => {
    await waitFor(() => bridge.heldRequests.length > 0, 'bridge.heldRequests.length > 0', 20_000);
    await bridge.heldRequests.shift()!.answer(outcome);
  };
  const post = (path: string, body: RequestInit['body'], useKey = key) => gw.request(`/api/${useKey}${path}`, { method: 'POST', body });

  beforeAll(async () => {
    bridge = await startTestBridge();
    const dir = await mkdtemp(join(tmpdir(), 'herdgate-import-'));
    gw = await startTestGateway({ BACKUP_DIR: join(dir, 'backups'), BACKUP_INTERVAL_HOURS: '0' }, dir, {
      logger: pino({ level: process.env.DEBUG_IMPORT ? 'info' : 'silent' }),
      bridge: () => connectMqttLink({ url: bridge.url, base: 'herdgate', logger: pino({ level: 'silent' }) }),
    });
    key = await gw.createKey('importer');
    await waitFor(
      async () => ((await (await gw.request(`/api/${key}/config`)).json()) as { rfconnected?: boolean }).rfconnected === true,
      'the bridge connected (rfconnected)',
      20_000,
    );
    await gw.request(`/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name: 'Archived' }) });
    expect((await post('/resourcelinks', JSON.stringify({ name: 'Archived link', classid: 7, links: ['/groups/1'] }))).status).toBe(200);
    bridge.requestScript.push(await bridgeFiles());
    expect((await post('/config/export', '')).status).toBe(200);
    archive = new Uint8Array(await (await gw.request(`/api/${key}/config/export`)).arrayBuffer());
    // Changed after the backup: the restore must bring the archived version back.
    expect((await post('/resourcelinks', JSON.stringify({ name: 'Later link', classid: 7, links: [] }))).status).toBe(200);
  });
  afterAll(async () => {
    await gw?.close();
    await bridge?.close();
  });

  it('should refuse a truncated, foreign, newer or missing file with the deCONZ error array, changing nothing', async () => {
    await gw.request(`/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name: 'Later' }) });
    const before = await groups();
    const newer = gzipSync(Buffer.from(gunzipSync(archive).toString('utf8').replace('"version":1', '"version":2')));
    const cases: [Uint8Array | string, RegExp][] = [
      [archive.subarray(0, archive.length - 40), /invalid value, truncated: /],
      ['not a backup at all', /invalid value, foreign: not a herdgate backup nor a deCONZ export/],
      [newer, /invalid value, newer: .*update herdgate first/],
    ];
    for (const [body, description] of cases) {
      const res = await post('/config/import', body as RequestInit['body']);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual([{ error: { type: 7, address: '/config/import', description: expect.stringMatching(description) } }]);
    }
    const missing = await post('/config/import', '');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject([{ error: { type: 5, address: '/config/import' } }]);
    expect((await post('/config/import', archive as RequestInit['body'], 'nokey')).status).toBe(403);
    expect(bridge.requests.some((r) => r.name === 'backup/restore')).toBe(false);
    expect(await groups()).toEqual(before);
  });

  it('should change nothing when the bridge says its stick cannot take the network', async () => {
    const before = await groups();
    bridge.requestScript.push({ status: 'error', code: 'not_supported', message: 'zigbee-herdsman cannot restore a network onto a zboss stick' });
    const res = await post('/config/import', archive as RequestInit['body']);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ error: { type: 7, address: '/config/import', description: expect.stringContaining('zboss stick') } }]);
    expect(bridge.requests.at(-1)).toMatchObject({ name: 'backup/restore', data: { check: true } });
    expect(await groups()).toEqual(before);
  });

  it('should restore the archive after an upload, keep the asking key, and send the bridge its part again once it is back', async () => {
    const asking = await gw.createKey('asking');
    const upload = new FormData();
    upload.append('file', new Blob([archive as Uint8Array<ArrayBuffer>]), 'backup.herdgate-backup');
    expect(await (await post('/fileupload', upload, asking)).json()).toEqual([{ success: { '/fileupload': 'success' } }]);
    const id = await sha256Hex(archive);
    // Checked, then the bridge does not take its part: the database is restored, the part kept.
    bridge.holdRequests.push('backup/restore');
    const pending = post('/config/import', '', asking);
    await answerRestore(answer(id, false));
    await answerRestore({ status: 'error', code: 'timeout', message: 'no answer' });
    const res = await pending;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual([
      { error: { type: 901, address: '/config/import', description: expect.stringContaining("the database is restored; the bridge's part is kept") } },
    ]);
    expect(await groups()).toEqual(['Archived']);
    expect(await resourcelinks()).toEqual(['Archived link']);
    expect((await gw.request(`/api/${asking}/config`)).status).toBe(200);
    const sends = () => bridge.requests.filter((r) => r.name === 'backup/restore' && r.data.check === false);
    expect(sends()).toHaveLength(1);

    // The bridge comes back: the same restore again, until it confirms; then nothing more.
    await bridge.setOnline(false);
    await waitFor(() => !gw.gateway.services.bridge.connected(), '!gw.gateway.services.bridge.connected()');
    await bridge.setOnline(true);
    await answerRestore(answer(id, true));
    await waitFor(() => sends().length === 2, 'sends().length === 2', 20_000);
    // The same restore (its own id, not the archive's checksum), so the bridge can tell a redelivery.
    expect(sends()[1].data).toMatchObject({ id: sends()[0].data.id, files: sends()[0].data.files });
    expect(sends()[0].data.id).not.toBe(id);
    await gw.gateway.services.restores.resume();
    await bridge.setOnline(false);
    await waitFor(() => !gw.gateway.services.bridge.connected(), '!gw.gateway.services.bridge.connected()');
    await bridge.setOnline(true);
    await waitFor(() => gw.gateway.services.bridge.connected(), 'gw.gateway.services.bridge.connected()');
    await gw.gateway.services.restores.resume();
    expect(sends()).toHaveLength(2);
  });

  it('should answer what was restored when the bridge takes its part at once, and close the WebSocket clients as a restart', async () => {
    const id = await sha256Hex(archive);
    const { websocketport } = (await (await gw.request(`/api/${key}/config`)).json()) as { websocketport: number };
    const socket = new WebSocket(`ws://127.0.0.1:${websocketport}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const pending = post('/config/import', archive as RequestInit['body']);
    await answerRestore(answer(id, false));
    await answerRestore(answer(id, true));
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { success: { '/config/import': 'success' } },
      {
        success: {
          '/config/import/restored': expect.objectContaining({
            source: 'herdgate',
            stick: 'same',
            from: expect.objectContaining({ bridgeid: expect.any(String) }),
          }),
        },
      },
    ]);
    // As deCONZ restarting into a backup: the client is told to reconnect (1012, service restart).
    expect(await closed).toBe(1012);
    const again = new WebSocket(`ws://127.0.0.1:${websocketport}`);
    await new Promise((resolve, reject) => {
      again.once('open', resolve);
      again.once('error', reject);
    });
    again.terminate();
  });
});
