import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeGateway } from '@herdgate/api/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COORDINATOR, deconzConf, FRAME_COUNTER, KEY, NETWORK_KEY, sampleHome, writeExport, writeZllDb } from './fixtures';
import { deconzPinHash } from './homes';
import { importDeconz, ImportRefused } from './import-deconz';
import { FRAME_COUNTER_MARGIN } from '@herdgate/api/deconz';

async function listing(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(dir)) out[name] = await readFile(join(dir, name), 'utf8').catch(() => '<dir>');
  return out;
}

/** The api on the imported database, in process, without a bridge. */
async function apiOn(dataDir: string) {
  const gateway = await createNodeGateway({
    DATABASE_URL: `file:${join(dataDir, 'herdgate.db')}`,
    MQTT_URL: 'none',
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: '0',
    WEBSOCKET_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const get = async (path: string) => (await gateway.app.request(`/api/${KEY}${path}`)).json() as Promise<Record<string, any>>;
  return { gateway, get };
}

describe('deCONZ import', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-deconz-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const fresh = async (name: string) => {
    const dir = join(root, name);
    await mkdir(dir, { recursive: true });
    return dir;
  };

  it('should take over a current export with the same key, ids, names and network', async () => {
    const work = await fresh('current');
    const archive = join(work, 'deCONZ.tar.gz');
    await writeFile(archive, await writeExport(work, sampleHome()));
    const dataDir = join(work, 'data');
    const { report } = await importDeconz({ source: archive, dataDir, dryRun: false, adapter: 'deconz' });
    expect(report).toContain('schema version 10');
    expect(report).toMatch(/alarm PIN as_1_code0/);

    const network = JSON.parse(await readFile(join(dataDir, 'network.json'), 'utf8'));
    expect(network).toEqual({
      panID: 0x4d2e,
      extendedPanID: [...Buffer.from(COORDINATOR, 'hex')],
      networkKey: [...Buffer.from(NETWORK_KEY, 'hex')],
      channel: 20,
    });
    const backup = JSON.parse(await readFile(join(dataDir, 'coordinator_backup.json'), 'utf8'));
    expect(backup).toMatchObject({
      coordinator_ieee: COORDINATOR,
      pan_id: '4d2e',
      nwk_update_id: 2,
      channel: 20,
      network_key: { key: NETWORK_KEY, frame_counter: FRAME_COUNTER + FRAME_COUNTER_MARGIN },
    });

    const lines = (await readFile(join(dataDir, 'database.db'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const hue = lines.find((l) => l.ieeeAddr === '0x001788010a0b0c0d');
    expect(hue).toMatchObject({
      type: 'Router',
      nwkAddr: 0x1a2b,
      manufId: 0x100b,
      modelId: 'LCT015',
      powerSource: 'Mains (single phase)',
      interviewCompleted: true,
      interviewState: 'SUCCESSFUL',
      epList: [11],
    });
    expect(hue.endpoints['11']).toMatchObject({ profId: 0x0104, devId: 0x010d, inClusterList: [0, 3, 4, 5, 6, 8, 0x0300, 0x1000], outClusterList: [0x0019] });
    expect(lines.find((l) => l.ieeeAddr === '0x0017880102030405')).toMatchObject({ type: 'EndDevice', powerSource: 'Battery', modelId: 'SML001' });
    // Five devices plus the coordinator and the two groups; the Daylight and CLIP sensors are no devices.
    expect(lines.filter((l) => l.type !== 'Group').map((l) => l.type)).toEqual(['Coordinator', 'Router', 'Router', 'EndDevice', 'EndDevice', 'EndDevice']);
    expect(lines.find((l) => l.type === 'Group' && l.groupID === 2)).toMatchObject({ members: [{ deviceIeeeAddr: '0x000d6ffffe1a2b3c', endpointID: 1 }] });
    expect(JSON.parse(await readFile(join(dataDir, 'names.json'), 'utf8'))).toMatchObject({ '0x001788010a0b0c0d': 'Living room ceiling' });

    const { gateway, get } = await apiOn(dataDir);
    try {
      const config = await get('/config');
      expect(config).toMatchObject({ bridgeid: COORDINATOR.toUpperCase(), name: 'Phoscon-GW', timezone: 'Europe/Berlin', timeformat: '24h' });
      expect(config.whitelist[KEY]).toMatchObject({ name: 'homeassistant-deconz', 'create date': '2024-03-01T10:00:00' });
      const lights = await get('/lights');
      expect(Object.fromEntries(Object.entries(lights).map(([id, l]) => [id, [l.name, l.uniqueid]]))).toEqual({
        3: ['Living room ceiling', '00:17:88:01:0a:0b:0c:0d-0b'],
        7: ['Reading lamp', '00:0d:6f:ff:fe:1a:2b:3c-01'],
      });
      const groups = await get('/groups');
      expect(groups['1']).toMatchObject({ name: 'Living room', type: 'Room', class: 'Living room', lights: ['3', '7'] });
      expect(groups['2']).toMatchObject({ name: 'Reading', lights: ['7'] });
      const scene = await get('/groups/1/scenes/1');
      expect(scene).toMatchObject({ name: 'Evening' });
      const sensors = await get('/sensors');
      expect(sensors['4']).toMatchObject({ name: 'Hall motion', type: 'ZHAPresence', uniqueid: '00:17:88:01:02:03:04:05-02-0406' });
      expect(sensors['12']).toMatchObject({ name: 'Bedroom radiator', type: 'ZHAThermostat' });
      expect(sensors['14']).toMatchObject({ name: 'Away flag', type: 'CLIPGenericFlag', state: { flag: false } });
      expect(await get('/rules/2')).toMatchObject({ name: 'Hall light on motion', conditions: [{ address: '/sensors/4/state/presence' }], timestriggered: 4 });
      expect(await get('/schedules/3')).toMatchObject({ name: 'Morning', localtime: 'W124/T07:00:00' });
      expect(await get('/resourcelinks')).toEqual({
        5: {
          classid: 10010,
          description: 'hall automation',
          links: ['/sensors/4', '/rules/2', '/schedules/3'],
          name: 'Hall',
          owner: KEY,
          recycle: false,
          type: 'Link',
        },
      });
      const alarm = await get('/alarmsystems/1');
      expect(alarm).toMatchObject({ name: 'Home', config: { armmode: 'armed_away', armed_away_exit_delay: 30 } });
      expect(alarm.devices).toMatchObject({ '00:0d:6f:00:11:22:33:44-01-0501': { armmask: 'none' }, '00:17:88:01:02:03:04:05-02-0406': { armmask: 'AS' } });
      // New resources never take an imported id.
      const created = await (
        await gateway.app.request(`/api/${KEY}/sensors`, {
          method: 'POST',
          body: JSON.stringify({ name: 'x', type: 'CLIPGenericFlag', modelid: 'm', manufacturername: 'm', swversion: '1', uniqueid: 'u2' }),
        })
      ).json();
      expect(Number((created as [{ success: { id: string } }])[0].success.id)).toBeGreaterThan(14);
      const link = await (
        await gateway.app.request(`/api/${KEY}/resourcelinks`, { method: 'POST', body: JSON.stringify({ name: 'new', classid: 1, links: [] }) })
      ).json();
      expect(Number((link as [{ success: { id: string } }])[0].success.id)).toBeGreaterThan(5);
    } finally {
      await gateway.close();
    }
  });

  it('should keep an alarm code0 deCONZ hashed with scrypt, checked as it is', async () => {
    const work = await fresh('pin');
    const home = { ...sampleHome(), alarm: { ...sampleHome().alarm!, secret: deconzPinHash('2468') } };
    await writeFile(join(work, 'deCONZ.tar.gz'), await writeExport(work, home));
    const dataDir = join(work, 'data');
    const { report } = await importDeconz({ source: join(work, 'deCONZ.tar.gz'), dataDir, dryRun: false });
    expect(report).not.toMatch(/alarm PIN/);
    const { gateway, get } = await apiOn(dataDir);
    try {
      expect((await get('/alarmsystems/1')).config.configured).toBe(true);
      const disarm = async (code0: string) =>
        (await gateway.app.request(`/api/${KEY}/alarmsystems/1/disarm`, { method: 'PUT', body: JSON.stringify({ code0 }) })).json();
      expect(await disarm('1111')).toMatchObject([{ error: { type: 7, address: '/alarmsystems/1/code0' } }]);
      expect(await disarm('2468')).toMatchObject([{ success: {} }]);
    } finally {
      await gateway.close();
    }
  });

  it('should take over a 2.0x data folder and say what its schema lacks', async () => {
    const work = await fresh('legacy');
    await writeZllDb(work, sampleHome(), '2.0x');
    const dataDir = join(work, 'data');
    const { report, plan } = await importDeconz({ source: work, dataDir, dryRun: false });
    expect(report).toContain('deCONZ 2.0x');
    expect(report).toContain('network from zbconf');
    expect(report).toMatch(/network addresses and descriptors of 5 device\(s\)/);
    expect(plan.state.lights.map((l) => l.id)).toEqual([3, 7]);
    const lines = (await readFile(join(dataDir, 'database.db'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.ieeeAddr === '0x001788010a0b0c0d')).toMatchObject({ modelId: 'LCT015', interviewCompleted: false });
  });

  it('should print the plan and write nothing on a dry run', async () => {
    const work = await fresh('dry');
    const archive = join(work, 'deCONZ.tar.gz');
    await writeFile(archive, await writeExport(work, sampleHome()));
    const dataDir = join(work, 'data');
    const { report } = await importDeconz({ source: archive, dataDir, dryRun: true });
    expect(report).toMatch(/2 light\(s\), 6 sensor\(s\), 2 group\(s\), 1 scene\(s\)/);
    expect(report).toMatch(/1 rule\(s\), 1 schedule\(s\), 1 alarm system\(s\) with 2 device\(s\)/);
    expect(report).toMatch(/ 1 resourcelink\(s\)\n/);
    expect(report).not.toMatch(/resourcelink\(s\):/);
    await expect(readdir(dataDir)).rejects.toThrow();
  });

  describe('refusals leave the data dir as it was', () => {
    let work: string;
    let dataDir: string;
    let before: Record<string, string>;
    let good: Buffer;
    beforeAll(async () => {
      work = await fresh('refusals');
      dataDir = join(work, 'data');
      await mkdir(dataDir);
      await writeFile(join(dataDir, 'herdgate.db'), 'the old database');
      await writeFile(join(dataDir, 'network.json'), '{"old":true}');
      before = await listing(dataDir);
      good = await writeExport(await fresh('refusals-src'), sampleHome());
    });
    const refused = async (archive: Buffer, message: RegExp) => {
      const path = join(work, `export-${Math.random()}.tar.gz`);
      await writeFile(path, archive);
      const attempt = importDeconz({ source: path, dataDir, dryRun: false });
      await expect(attempt).rejects.toBeInstanceOf(ImportRefused);
      await expect(attempt).rejects.toThrow(message);
      expect(await listing(dataDir)).toEqual(before);
    };

    it('should refuse a truncated export', () => refused(good.subarray(0, good.length - 200), /not a readable deCONZ export/));
    it('should refuse an export without deCONZ.conf', async () => {
      const { readTarGz, writeTarGz } = await import('@herdgate/api/deconz');
      const files = Object.fromEntries([...readTarGz(good)].filter(([name]) => name !== 'deCONZ.conf'));
      await refused(writeTarGz(files), /no deCONZ\.conf: a partial export/);
    });
    it('should refuse a damaged zll.db', async () => {
      const { readTarGz, writeTarGz } = await import('@herdgate/api/deconz');
      const files = Object.fromEntries(readTarGz(good));
      const db = Buffer.from(files['zll.db']!);
      db.fill(0x5a, 100, 4000);
      await refused(writeTarGz({ ...files, 'zll.db': db }), /zll\.db/);
    });
    it('should refuse an unknown schema version', async () => {
      const src = await fresh('v11');
      const { readTarGz, writeTarGz } = await import('@herdgate/api/deconz');
      const { createClient } = await import('@libsql/client');
      const path = await writeZllDb(src, sampleHome());
      const client = createClient({ url: `file:${path}` });
      await client.execute('PRAGMA user_version = 11');
      client.close();
      const files = Object.fromEntries(readTarGz(good));
      await refused(writeTarGz({ ...files, 'zll.db': await readFile(path) }), /schema version 11, newer than the 10/);
    });
    it('should refuse a network it cannot resume', async () => {
      const { readTarGz, writeTarGz } = await import('@herdgate/api/deconz');
      const files = Object.fromEntries(readTarGz(good));
      await refused(writeTarGz({ ...files, 'deCONZ.conf': deconzConf({ nwkAddress: '0x1234' }) }), /not the network's coordinator/);
      await refused(writeTarGz({ ...files, 'deCONZ.conf': deconzConf({ curChannel: 0 }) }), /outside 11-26/);
      await refused(writeTarGz({ ...files, 'deCONZ.conf': '{"panId":' }), /not JSON/);
    });
  });
});
