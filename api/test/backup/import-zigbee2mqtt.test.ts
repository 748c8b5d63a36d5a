import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqttLink } from '../../src/bridge-link';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startTestBridge, type TestBridge } from '../helpers/test-bridge';
import { BULB, CONTACT, COORDINATOR, databaseLines, PLUG, sampleFolder, writeZip } from '../helpers/zigbee2mqtt-folder';
import { waitFor } from '../../../test/helpers/wait';

/**
 * A Zigbee2MQTT data folder taken over through the api, as a deCONZ export is: upload (or send as
 * the body) its zip, then `POST /config/import`. The Node gateway with a scripted bridge on a real
 * broker: the bridge gets herdsman's database, the network, the coordinator backup, the names and
 * the first states; the api's groups are Zigbee2MQTT's. A bad folder is refused with the deCONZ
 * error array before the bridge is asked, nothing changed. The real bridge and Zigbee2MQTT's own
 * backup on the real stack: test/zigbee2mqtt-takeover.test.ts.
 */
const zipOf = (files: Record<string, string>) => writeZip(files) as unknown as Uint8Array<ArrayBuffer>;

describe('config import of a Zigbee2MQTT folder', () => {
  let bridge: TestBridge;
  let gw: TestGateway;
  let key: string;
  const post = (path: string, body: RequestInit['body'], useKey = key) => gw.request(`/api/${useKey}${path}`, { method: 'POST', body });
  const get = async (path: string, useKey = key) => (await gw.request(`/api/${useKey}${path}`)).json() as Promise<Record<string, any>>;
  /** What a refusal must leave as it was. */
  const resources = async () => ({ groups: await get('/groups'), lights: await get('/lights'), sensors: await get('/sensors'), rules: await get('/rules') });
  const restores = () => bridge.requests.filter((r) => r.name === 'backup/restore');

  beforeAll(async () => {
    bridge = await startTestBridge();
    // The sample folder's stick: a Z-Stack coordinator.
    bridge.info.coordinator = { ieee: `0x${COORDINATOR}`, type: 'zstack', firmware: '0x00000000' };
    await bridge.publishInfo();
    const dir = await mkdtemp(join(tmpdir(), 'herdgate-z2m-import-'));
    gw = await startTestGateway({ BACKUP_DIR: join(dir, 'backups'), BACKUP_INTERVAL_HOURS: '0' }, dir, {
      logger: pino({ level: process.env.DEBUG_IMPORT ? 'info' : 'silent' }),
      bridge: () => connectMqttLink({ url: bridge.url, base: 'herdgate', logger: pino({ level: 'silent' }) }),
    });
    key = await gw.createKey('importer');
    await waitFor(
      () => gw.gateway.services.bridge.info()?.coordinator.type === 'zstack',
      "gw.gateway.services.bridge.info()?.coordinator.type === 'zstack'",
      20_000,
    );
    await gw.request(`/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name: 'Before the takeover' }) });
  });
  afterAll(async () => {
    await gw?.close();
    await bridge?.close();
  });

  const refusals: [string, (files: Record<string, string>) => void, RegExp][] = [
    [
      'a network key of 15 numbers',
      (f) => {
        f['secret.yaml'] = 'network_key: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]\n';
      },
      /^invalid value, damaged: advanced\.network_key must be a list of 16 numbers/,
    ],
    [
      'a reference that does not resolve',
      (f) => {
        f['secret.yaml'] = 'other_key: 1\n';
      },
      /^invalid value, damaged: advanced\.network_key refers to network_key in secret\.yaml, which has no such key/,
    ],
    [
      'a database line that does not parse',
      (f) => {
        f['database.db'] = f['database.db']!.replace('"type":"Router"', '"type":"Rou');
      },
      /^invalid value, damaged: database\.db line 2 is not JSON/,
    ],
    [
      "another adapter's stick",
      (f) => {
        f['configuration.yaml'] = f['configuration.yaml']!.replace('adapter: zstack', 'adapter: ember');
      },
      /ZIGBEE_ADAPTER=zstack, but the network lives on Zigbee2MQTT's ember stick/,
    ],
  ];
  it.each(refusals)('should refuse %s with the deCONZ error array, asking nothing of the bridge and changing nothing', async (_, damage, description) => {
    const before = await resources();
    const files = sampleFolder();
    damage(files);
    const res = await post('/config/import', zipOf(files));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([{ error: { type: 7, address: '/config/import', description: expect.stringMatching(description) } }]);
    expect(restores()).toEqual([]);
    expect(await resources()).toEqual(before);
  });

  it('should refuse a truncated zip as damaged', async () => {
    const res = await post('/config/import', zipOf(sampleFolder()).subarray(0, 300));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      {
        error: { type: 7, address: '/config/import', description: expect.stringMatching(/^invalid value, damaged: the archive is not a readable Zigbee2MQTT/) },
      },
    ]);
    expect(restores()).toEqual([]);
  });

  it('should take a folder without coordinator_backup.json for this same stick, and change nothing when the bridge refuses it', async () => {
    const before = await resources();
    const files = sampleFolder();
    delete files['coordinator_backup.json'];
    bridge.holdRequests.push('backup/restore');
    const pending = post('/config/import', zipOf(files));
    await waitFor(() => bridge.heldRequests.length > 0, 'bridge.heldRequests.length > 0', 20_000);
    const check = bridge.heldRequests.shift()!;
    bridge.holdRequests.length = 0;
    expect(check.data.check).toBe(true);
    // The network from configuration.yaml, herdsman's database as it was; no backup to hand over.
    expect(Object.keys(check.data.files as object).sort()).toEqual(['database.db', 'initial-state.json', 'names.json', 'network.json']);
    await check.answer({ status: 'error', code: 'not_supported', message: 'the stick holds another network' });
    const res = await pending;
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      { error: { type: 7, address: '/config/import', description: expect.stringContaining('the stick holds another network') } },
    ]);
    expect(await resources()).toEqual(before);
  });

  it('should answer 503 Not connected while the bridge is offline, whatever the folder names, and change nothing', async () => {
    const before = await resources();
    const asked = restores().length;
    await bridge.setOnline(false);
    try {
      await waitFor(() => !gw.gateway.services.bridge.connected(), '!gw.gateway.services.bridge.connected()', 20_000);
      const files = sampleFolder();
      // No serial.adapter: read against an offline bridge this used to ask for ZIGBEE_ADAPTER.
      files['configuration.yaml'] = files['configuration.yaml']!.replace('  adapter: zstack\n', '');
      for (const folder of [sampleFolder(), files]) {
        const res = await post('/config/import', zipOf(folder));
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual([{ error: { type: 950, address: '/config/import', description: expect.any(String) } }]);
      }
      expect(restores().length).toBe(asked);
      expect(await resources()).toEqual(before);
    } finally {
      await bridge.setOnline(true);
      await waitFor(() => gw.gateway.services.bridge.connected(), 'gw.gateway.services.bridge.connected()', 20_000);
    }
  });

  it("should take the uploaded folder: the bridge gets herdsman's database, the network, names and states, the api Zigbee2MQTT's groups", async () => {
    const asking = await gw.createKey('asking');
    const upload = new FormData();
    upload.append('file', new Blob([zipOf(sampleFolder())]), 'zigbee2mqtt-backup.zip');
    expect(await (await post('/fileupload', upload, asking)).json()).toEqual([{ success: { '/fileupload': 'success' } }]);
    bridge.holdRequests.push('backup/restore');
    const pending = post('/config/import', '', asking);
    await waitFor(() => bridge.heldRequests.length > 0, 'bridge.heldRequests.length > 0', 20_000);
    const check = bridge.heldRequests.shift()!;
    expect(check.data.check).toBe(true);
    const files = check.data.files as Record<string, { gzip: string }>;
    const text = (name: string) => gunzipSync(Buffer.from(files[name]!.gzip, 'base64')).toString('utf8');
    expect(Object.keys(files).sort()).toEqual(['coordinator_backup.json', 'database.db', 'initial-state.json', 'names.json', 'network.json']);
    expect(JSON.parse(text('network.json'))).toEqual({
      panID: 0x2b1c,
      extendedPanID: [0xaa, 0xbb, 0xcc, 0xdd, 0, 0x11, 0x22, 0x33],
      networkKey: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
      channel: 20,
    });
    // herdsman's database as Zigbee2MQTT left it: no device is interviewed again.
    expect(text('database.db')).toBe(
      `${databaseLines()
        .map((l) => JSON.stringify(l))
        .join('\n')}\n`,
    );
    expect(text('coordinator_backup.json')).toBe(sampleFolder()['coordinator_backup.json']);
    expect(JSON.parse(text('names.json'))).toEqual({ [BULB]: 'Living room ceiling', [PLUG]: 'Coffee machine', [CONTACT]: 'Front door' });
    expect(JSON.parse(text('initial-state.json'))).toEqual({ [BULB]: { state: 'ON', brightness: 200 }, [CONTACT]: { contact: false, battery: 87 } });
    const answer = { stick: 'same', coordinator: `0x${COORDINATOR}`, backup: { ieee: `0x${COORDINATOR}` }, files: Object.keys(files).sort() };
    await check.answer({ status: 'ok', data: { id: check.data.id, ...answer, restored: false } });
    await waitFor(() => bridge.heldRequests.length > 0, 'bridge.heldRequests.length > 0', 20_000);
    const swap = bridge.heldRequests.shift()!;
    expect(swap.data).toMatchObject({ check: false, id: check.data.id, files: check.data.files });
    await swap.answer({ status: 'ok', data: { id: check.data.id, ...answer, restored: true } });

    const res = await pending;
    expect(res.status).toBe(200);
    const body = (await res.json()) as [unknown, { success: Record<string, any> }];
    expect(body[0]).toEqual({ success: { '/config/import': 'success' } });
    const restored = body[1].success['/config/import/restored'];
    expect(restored).toMatchObject({ source: 'zigbee2mqtt', stick: 'same', from: { bridgeid: COORDINATOR.toUpperCase() } });
    // The dry run's list, in the answer too: what is not taken and why.
    expect(restored.notes).toEqual(
      expect.arrayContaining([
        'not taken:',
        expect.stringMatching(/^ {2}the external_converters folder \(external converters\): /),
        expect.stringMatching(/^ {2}frontend settings: /),
        expect.stringMatching(/^ {2}device option transition \(1 device\(s\)\): /),
      ]),
    );
    // As deCONZ does: the key that asked for the import stays valid; the gateway's own are Zigbee2MQTT's (none).
    expect((await gw.request(`/api/${key}/groups`)).status).toBe(403);
    const groups = await get('/groups', asking);
    expect(Object.keys(groups).sort()).toEqual(['5', '7']);
    expect(groups['5']).toMatchObject({ name: 'Living room', lights: ['1', '2'] });
    expect(groups['7']).toMatchObject({ name: 'Empty group', lights: [] });
  });
});
