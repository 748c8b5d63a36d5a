import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeGateway } from '@herdgate/api/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stickMismatch } from '../../lib/taken-stick';
import { writeTarGz } from '@herdgate/api/deconz';
import { BULB, CONTACT, COORDINATOR, databaseLines, PLUG, sampleFolder, writeZip } from '../../../api/test/helpers/zigbee2mqtt-folder';
import { isZ2mUpload } from '@herdgate/api/zigbee2mqtt';
import { importZigbee2mqtt, ImportRefused } from './import-zigbee2mqtt';

async function writeFolder(dir: string, files: Record<string, string>): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith('/')) await mkdir(join(dir, name), { recursive: true });
    else await writeFile(join(dir, name), content);
  }
  return dir;
}

/** The api on the imported database, in process, with a key made through the gateway password. */
async function apiOn(dataDir: string) {
  const gateway = await createNodeGateway({
    DATABASE_URL: `file:${join(dataDir, 'herdgate.db')}`,
    MQTT_URL: 'none',
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: '0',
    WEBSOCKET_PORT: '0',
    LOG_LEVEL: 'silent',
    GATEWAY_PASSWORD: 'not-the-default-1',
  });
  const created = await gateway.app.request('/api', {
    method: 'POST',
    body: JSON.stringify({ devicetype: 'import-test' }),
    headers: { authorization: `Basic ${Buffer.from('delight:not-the-default-1').toString('base64')}` },
  });
  const [{ success }] = (await created.json()) as [{ success: { username: string } }];
  const get = async (path: string) => (await gateway.app.request(`/api/${success.username}${path}`)).json() as Promise<Record<string, any>>;
  return { gateway, get };
}

describe('Zigbee2MQTT import', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-z2m-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('should list what is taken and what is not on a dry run, and write nothing', async () => {
    const source = await writeFolder(join(root, 'dry', 'z2m'), sampleFolder());
    const dataDir = join(root, 'dry', 'data');
    const { report, env } = await importZigbee2mqtt({ source, dataDir, dryRun: true });
    expect(report).toContain(`coordinator ${COORDINATOR}, PAN 0x2b1c, extended PAN aabbccdd00112233, channel 20, adapter zstack`);
    expect(report).toContain('3 device(s) in zigbee-herdsman');
    expect(report).toContain('2 group(s) with the same Zigbee group ids, 2 member light(s)');
    expect(report.slice(report.indexOf('not taken:'))).toMatch(/the external_converters folder[\s\S]*/);
    expect(report.slice(report.indexOf('not taken:'))).toContain('frontend settings');
    expect(report).toContain('device option transition (1 device(s))');
    expect(report).toContain(`member ${CONTACT}/1 of group 5`);
    expect(env).toEqual({ ZIGBEE_ADAPTER: 'zstack', ZIGBEE_PATH: '/dev/ttyUSB0' });
    expect(await readdir(join(root, 'dry')).then((names) => names.includes('data'))).toBe(false);
  });

  it("should take the network, herdsman's database, names, groups and states", async () => {
    const source = await writeFolder(join(root, 'take', 'z2m'), sampleFolder());
    const dataDir = join(root, 'take', 'data');
    await importZigbee2mqtt({ source, dataDir, dryRun: false, adapter: 'zstack' });
    expect(JSON.parse(await readFile(join(dataDir, 'network.json'), 'utf8'))).toEqual({
      panID: 0x2b1c,
      extendedPanID: [0xaa, 0xbb, 0xcc, 0xdd, 0, 0x11, 0x22, 0x33],
      networkKey: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
      channel: 20,
    });
    expect(await readFile(join(dataDir, 'database.db'), 'utf8')).toBe(
      `${databaseLines()
        .map((l) => JSON.stringify(l))
        .join('\n')}\n`,
    );
    expect(await readFile(join(dataDir, 'coordinator_backup.json'), 'utf8')).toBe(sampleFolder()['coordinator_backup.json']);
    expect(JSON.parse(await readFile(join(dataDir, 'names.json'), 'utf8'))).toEqual({
      [BULB]: 'Living room ceiling',
      [PLUG]: 'Coffee machine',
      [CONTACT]: 'Front door',
    });
    expect(JSON.parse(await readFile(join(dataDir, 'initial-state.json'), 'utf8'))).toEqual({
      [BULB]: { state: 'ON', brightness: 200 },
      [CONTACT]: { contact: false, battery: 87 },
    });
    // npm start without the stick's adapter would form a new network on the virtual radio.
    expect(stickMismatch(dataDir, 'zstack')).toBeUndefined();
    expect(stickMismatch(dataDir, undefined)).toContain('start with ZIGBEE_ADAPTER=zstack ZIGBEE_PATH=/dev/ttyUSB0 npm start');
    expect(stickMismatch(dataDir, 'deconz')).toContain('ZIGBEE_ADAPTER is deconz');
    const api = await apiOn(dataDir);
    try {
      const config = await api.get('/config');
      expect(config).toMatchObject({ bridgeid: COORDINATOR.toUpperCase(), panid: 0x2b1c, zigbeechannel: 20 });
      const groups = await api.get('/groups');
      expect(groups['5']).toMatchObject({ name: 'Living room', lights: ['1', '2'] });
      expect(groups['7']).toMatchObject({ name: 'Empty group', lights: [] });
    } finally {
      await api.gateway.close();
    }
  });

  it("should read the same folder from a tar.gz and from Zigbee2MQTT's zip backup", async () => {
    const files = Object.fromEntries(Object.entries(sampleFolder()).filter(([name]) => !name.endsWith('/')));
    const fromZip = await importZigbee2mqtt({ archive: writeZip(files), dataDir: join(root, 'zip'), dryRun: true });
    const fromTar = await importZigbee2mqtt({
      archive: writeTarGz(Object.fromEntries(Object.entries(files).map(([n, c]) => [`zigbee2mqtt/${n}`, c]))),
      dataDir: join(root, 'tar'),
      dryRun: true,
    });
    expect(fromZip.report).toBe(fromTar.report);
    expect(fromZip.plan.names[BULB]).toBe('Living room ceiling');
    expect(isZ2mUpload(writeZip(files))).toBe(true);
    expect(isZ2mUpload(writeTarGz({ 'deCONZ.conf': '{}', 'zll.db': '' }))).toBe(false);
    await expect(importZigbee2mqtt({ archive: writeZip(files).subarray(0, 300), dataDir: join(root, 'zip'), dryRun: true })).rejects.toThrow(ImportRefused);
  });

  const refusals: [string, (files: Record<string, string>) => void, RegExp][] = [
    [
      'a network key of 15 numbers',
      (f) => {
        f['secret.yaml'] = 'network_key: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]\n';
      },
      /advanced\.network_key must be a list of 16 numbers/,
    ],
    [
      'a reference that does not resolve',
      (f) => {
        f['secret.yaml'] = 'other_key: 1\n';
      },
      /advanced\.network_key refers to network_key in secret\.yaml, which has no such key/,
    ],
    [
      'a reference to a missing file',
      (f) => {
        delete f['secret.yaml'];
      },
      /which the folder does not have/,
    ],
    [
      'a network never formed',
      (f) => {
        f['configuration.yaml'] = f['configuration.yaml']!.replace(/pan_id: \d+/, 'pan_id: GENERATE');
      },
      /still GENERATE/,
    ],
    [
      'a database line that does not parse',
      (f) => {
        f['database.db'] = f['database.db']!.replace('"type":"Router"', '"type":"Router"'.slice(0, 8));
      },
      /database\.db line 2 is not JSON/,
    ],
    [
      'a stale coordinator backup',
      (f) => {
        f['coordinator_backup.json'] = f['coordinator_backup.json']!.replace('"channel": 20', '"channel": 15');
      },
      /coordinator_backup\.json is of another network/,
    ],
    [
      'a bare !secret tag',
      (f) => {
        f['configuration.yaml'] = f['configuration.yaml']!.replace("'!secret network_key'", '!secret network_key');
      },
      /not valid YAML \(Zigbee2MQTT needs a reference quoted/,
    ],
    [
      'a damaged state.json',
      (f) => {
        f['state.json'] = '{"0x00';
      },
      /state\.json is not JSON/,
    ],
    [
      'no database.db',
      (f) => {
        delete f['database.db'];
      },
      /has no database\.db/,
    ],
  ];
  it.each(refusals)('should refuse %s and change nothing', async (label, damage, message) => {
    const files = sampleFolder();
    damage(files);
    const dir = join(root, label.replaceAll(/\W+/g, '-'));
    const source = await writeFolder(join(dir, 'z2m'), files);
    const dataDir = await writeFolder(join(dir, 'data'), { 'herdgate.db': 'the old gateway' });
    await expect(importZigbee2mqtt({ source, dataDir, dryRun: false })).rejects.toThrow(message);
    expect(await readdir(dataDir)).toEqual(['herdgate.db']);
    expect(await readFile(join(dataDir, 'herdgate.db'), 'utf8')).toBe('the old gateway');
  });

  it('should change nothing when the import stops after staging', async () => {
    const source = await writeFolder(join(root, 'staged', 'z2m'), sampleFolder());
    const dataDir = await writeFolder(join(root, 'staged', 'data'), { 'herdgate.db': 'the old gateway' });
    await expect(importZigbee2mqtt({ source, dataDir, dryRun: false, onStaged: () => Promise.reject(new Error('disk full')) })).rejects.toThrow('disk full');
    expect(await readdir(dataDir)).toEqual(['herdgate.db']);
  });

  it('should refuse another adapter than the stick Zigbee2MQTT used', async () => {
    const source = await writeFolder(join(root, 'adapter', 'z2m'), sampleFolder());
    await expect(importZigbee2mqtt({ source, dataDir: join(root, 'adapter', 'data'), dryRun: true, adapter: 'deconz' })).rejects.toThrow(
      /ZIGBEE_ADAPTER=deconz, but the network lives on Zigbee2MQTT's zstack stick/,
    );
  });
});
