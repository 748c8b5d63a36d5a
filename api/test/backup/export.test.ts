import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeFileBytes, decodeArchive, sha256Hex } from '@herdgate/shared/backup';
import { connectMqttLink } from '../../src/bridge-link';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startTestBridge, type TestBridge } from '../helpers/test-bridge';
import { waitFor } from '../../../test/helpers/wait';

/**
 * `POST`/`GET /config/export` on the Node gateway with a scripted bridge on a real broker: the
 * archive holds the database (API keys included) and the bridge's files byte for byte, is kept in
 * BACKUP_DIR, and a bridge that is away or sends altered files gets the deCONZ error array and no
 * archive. The real bridge's side: test/backup-restore.test.ts.
 */
const NETWORK = '{"panID":4242,"extendedPanID":[1,2,3,4,5,6,7,8],"networkKey":[1,3,5,7,9,11,13,15,0,2,4,6,8,10,12,13]}';
const DATABASE = '{"id":1,"type":"Coordinator","ieeeAddr":"0x00212effff012345"}\n';

async function bridgeFiles(files: Record<string, string>, corrupt?: string) {
  const entries = await Promise.all(
    Object.entries(files).map(async ([name, text]) => {
      const bytes = Buffer.from(text);
      return [name, { sha256: await sha256Hex(name === corrupt ? Buffer.from(`${text}x`) : bytes), gzip: gzipSync(bytes).toString('base64') }] as const;
    }),
  );
  return { status: 'ok' as const, data: { files: Object.fromEntries(entries) } };
}

describe('config export', () => {
  let bridge: TestBridge;
  let gw: TestGateway;
  let key: string;
  let backupDir: string;
  const archives = async () => (await readdir(backupDir).catch(() => [])).filter((name) => name.endsWith('.herdgate-backup'));

  beforeAll(async () => {
    bridge = await startTestBridge();
    const dir = await mkdtemp(join(tmpdir(), 'herdgate-export-'));
    backupDir = join(dir, 'backups');
    gw = await startTestGateway({ BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '0' }, dir, {
      bridge: () => connectMqttLink({ url: bridge.url, base: 'herdgate', logger: pino({ level: 'silent' }) }),
    });
    key = await gw.createKey('exporter');
    await waitFor(
      async () => ((await (await gw.request(`/api/${key}/config`)).json()) as { rfconnected?: boolean }).rfconnected === true,
      'the bridge connected (rfconnected)',
      20_000,
    );
  });
  afterAll(async () => {
    await gw?.close();
    await bridge?.close();
  });

  it('should write an archive of the database and the bridge files, and download it', async () => {
    await gw.request(`/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name: 'Kitchen' }) });
    bridge.requestScript.push(await bridgeFiles({ 'network.json': NETWORK, 'database.db': DATABASE }));
    const res = await gw.request(`/api/${key}/config/export`, { method: 'POST' });
    expect(await res.json()).toEqual([{ success: { '/config/export': 'success' } }]);
    expect(bridge.requests.at(-1)?.name).toBe('backup/data');
    expect(await archives()).toHaveLength(1);

    const download = await gw.request(`/api/${key}/config/export`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-disposition')).toMatch(/attachment; filename="herdgate-[0-9A-F]{16}-\d{8}T\d{6}Z\.herdgate-backup"/);
    const decoded = await decodeArchive(new Uint8Array(await download.arrayBuffer()));
    if (!decoded.ok) throw new Error(decoded.refusal.message);
    const { tables } = decoded.archive.body.database;
    expect(tables.api_keys.map((row) => row.key)).toContain(key);
    expect(tables.light_groups.map((row) => row.name)).toContain('Kitchen');
    expect(Buffer.from(bridgeFileBytes(decoded.archive, 'database.db')!).toString()).toBe(DATABASE);
    expect(decoded.archive.manifest.gateway.coordinator).toMatchObject({ ieee: bridge.info.coordinator.ieee, adapter: bridge.info.coordinator.type });
  });

  it('should refuse with the deCONZ error array when the bridge files arrive altered, writing nothing', async () => {
    const before = await archives();
    bridge.requestScript.push(await bridgeFiles({ 'network.json': NETWORK, 'database.db': DATABASE }, 'database.db'));
    const res = await gw.request(`/api/${key}/config/export`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual([{ error: { type: 901, address: '/config/export', description: expect.stringContaining('database.db') } }]);
    expect(await archives()).toEqual(before);
  });

  it('should answer 950 while the bridge is away, writing nothing', async () => {
    const before = await archives();
    await bridge.setOnline(false);
    await waitFor(() => !gw.gateway.services.bridge.connected(), '!gw.gateway.services.bridge.connected()');
    const res = await gw.request(`/api/${key}/config/export`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual([{ error: { type: 950, address: '/config/export', description: 'Not connected' } }]);
    expect(await archives()).toEqual(before);
    await bridge.setOnline(true);
  });

  it('should refuse an unknown key', async () => {
    const res = await gw.request('/api/nokey/config/export');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject([{ error: { type: 1 } }]);
  });
});

describe('automatic backups', () => {
  let bridge: TestBridge;
  let gw: TestGateway;
  let backupDir: string;
  const archives = async () => (await readdir(backupDir).catch(() => [])).filter((name) => name.endsWith('.herdgate-backup')).sort();
  const DAY = 24 * 3_600_000;

  beforeAll(async () => {
    bridge = await startTestBridge();
    const dir = await mkdtemp(join(tmpdir(), 'herdgate-auto-backup-'));
    backupDir = join(dir, 'backups');
    gw = await startTestGateway({ BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '3' }, dir, {
      bridge: () => connectMqttLink({ url: bridge.url, base: 'herdgate', logger: pino({ level: 'silent' }) }),
    });
    // Seen online through REST, as above: the api's own start-up requests to the bridge are answered
    // before the test scripts the bridge's next answer.
    const key = await gw.createKey('auto');
    await waitFor(
      async () => ((await (await gw.request(`/api/${key}/config`)).json()) as { rfconnected?: boolean }).rfconnected === true,
      'the bridge connected (rfconnected)',
      20_000,
    );
  });
  afterAll(async () => {
    await gw?.close();
    await bridge?.close();
  });

  it('should write one a day, keep the newest three, and try again after a failure without removing any', async () => {
    const { backups } = gw.gateway.services;
    // The backup request is answered by name, not as the next request: after a reconnect the api's
    // own requests (options, keys, memberships) reach the bridge in an order the test does not own.
    bridge.holdRequests = ['backup/data'];
    const day = async () => {
      const files = await bridgeFiles({ 'network.json': NETWORK, 'database.db': DATABASE });
      const ticked = backups.tick();
      await waitFor(() => bridge.heldRequests.length > 0, 'bridge.heldRequests.length > 0');
      await bridge.heldRequests.shift()?.answer(files);
      return ticked;
    };
    expect(await day()).toBe('written');
    gw.clock.advance(DAY - 60_000);
    expect(await backups.tick()).toBe('not due');
    const written: string[] = [...(await archives())];
    for (let i = 0; i < 4; i++) {
      gw.clock.advance(DAY);
      expect(await day()).toBe('written');
      written.push((await archives()).at(-1)!);
    }
    expect(await archives()).toEqual(written.slice(-3));

    await bridge.setOnline(false);
    await waitFor(() => !gw.gateway.services.bridge.connected(), '!gw.gateway.services.bridge.connected()');
    gw.clock.advance(DAY);
    expect(await backups.tick()).toBe('failed');
    expect(bridge.heldRequests).toEqual([]);
    expect(await archives()).toEqual(written.slice(-3));
    await bridge.setOnline(true);
    await waitFor(() => gw.gateway.services.bridge.connected(), 'gw.gateway.services.bridge.connected()');
    expect(await day()).toBe('written');
    expect(await archives()).toHaveLength(3);
    expect((await archives()).slice(0, 2)).toEqual(written.slice(-2));
  });
});
