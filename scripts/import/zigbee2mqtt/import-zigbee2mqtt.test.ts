import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createNodeGateway } from '@herdgate/api/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stickMismatch } from '../../lib/taken-stick';
import { writeTarGz } from '@herdgate/api/deconz';
import { BULB, CONTACT, COORDINATOR, databaseLines, NETWORK_KEY, PLUG, sampleFolder, writeZip } from '../../../api/test/helpers/zigbee2mqtt-folder';
import { isZ2mUpload } from '@herdgate/api/zigbee2mqtt';
import { importZigbee2mqtt, ImportRefused } from './import-zigbee2mqtt';

async function writeFolder(dir: string, files: Record<string, string>): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith('/')) await mkdir(join(dir, name), { recursive: true });
    else {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), content);
    }
  }
  return dir;
}

/** Every file under `dir` with its bytes: a refused import must leave this exactly as it was. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length)] = entry.isFile() ? (await readFile(path)).toString('base64') : '(folder)';
  }
  return out;
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
  let earlier: Promise<string> | undefined;
  /** One import of the sample folder, made once and copied where a test needs a gateway's data dir. */
  const earlierImport = () => {
    earlier ??= (async () => {
      const dataDir = join(root, 'earlier', 'data');
      await importZigbee2mqtt({ source: await writeFolder(join(root, 'earlier', 'z2m'), sampleFolder()), dataDir, dryRun: false });
      return dataDir;
    })();
    return earlier;
  };
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-z2m-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('should list what is taken and what is not on a dry run, and write nothing', async () => {
    const source = await writeFolder(join(root, 'dry', 'z2m'), { ...sampleFolder(), 'external_extensions/my-extension.mjs': 'export default class {}\n' });
    const dataDir = join(root, 'dry', 'data');
    const { report, env } = await importZigbee2mqtt({ source, dataDir, dryRun: true });
    expect(report).toContain(`coordinator ${COORDINATOR}, PAN 0x2b1c, extended PAN aabbccdd00112233, channel 20, adapter zstack`);
    expect(report).toContain('3 device(s) in zigbee-herdsman');
    expect(report).toContain('2 group(s) with the same Zigbee group ids, 2 member light(s)');
    expect(report.slice(report.indexOf('not taken:'))).toMatch(/the external_converters folder[\s\S]*/);
    expect(report.slice(report.indexOf('not taken:'))).toContain('frontend settings');
    expect(report.slice(report.indexOf('not taken:'))).toContain(
      'the external_extensions folder (external extensions): herdgate runs no Zigbee2MQTT extensions',
    );
    expect(report.slice(report.indexOf('not taken:'))).toContain('advanced settings log_level');
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

  it("should resolve any '!<file> <key>' reference and read devices and groups from the files configuration.yaml names", async () => {
    const files = sampleFolder();
    const yaml = files['configuration.yaml']!;
    const [head, rest] = yaml.split('\ndevices:\n') as [string, string];
    const [devices, groups] = rest.split('\ngroups:\n') as [string, string];
    const dedent = (text: string) => text.replaceAll(/^ {2}/gm, '');
    delete files['secret.yaml'];
    files['configuration.yaml'] =
      `${head.replace("'!secret network_key'", "'!zigbee-keys network'")}\ndevices: devices.yaml\ngroups: [groups.yaml, more-groups.yaml]\n`;
    files['zigbee-keys.yaml'] = `network: [${NETWORK_KEY.join(', ')}]\n`;
    files['devices.yaml'] = dedent(devices);
    files['groups.yaml'] = dedent(groups);
    files['more-groups.yaml'] = "'9':\n  friendly_name: Garden\n";
    const { plan } = await importZigbee2mqtt({
      source: await writeFolder(join(root, 'refs', 'z2m'), files),
      dataDir: join(root, 'refs', 'data'),
      dryRun: true,
    });
    expect(plan.network.networkKey).toBe(Buffer.from(NETWORK_KEY).toString('hex'));
    expect(plan.names).toEqual({ [BULB]: 'Living room ceiling', [PLUG]: 'Coffee machine', [CONTACT]: 'Front door' });
    expect(plan.state.groups.map((g) => [g.id, g.name])).toEqual([
      [5, 'Living room'],
      [7, 'Empty group'],
      [9, 'Garden'],
    ]);
    // A reference to a file the folder lacks is refused, as Zigbee2MQTT cannot start with it.
    files['configuration.yaml'] = files['configuration.yaml'].replace('!zigbee-keys network', '!keys.yml network');
    await expect(
      importZigbee2mqtt({ source: await writeFolder(join(root, 'refs-missing', 'z2m'), files), dataDir: join(root, 'refs', 'data'), dryRun: true }),
    ).rejects.toThrow('advanced.network_key refers to network in keys.yml, which the folder does not have');
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
    // A gateway that already runs: the data dir of an earlier import.
    const dataDir = join(dir, 'data');
    await cp(await earlierImport(), dataDir, { recursive: true });
    const [dataBefore, sourceBefore] = [await snapshot(dataDir), await snapshot(source)];
    expect(Object.keys(dataBefore)).toEqual(expect.arrayContaining(['/herdgate.db', '/database.db', '/network.json', '/stick.json']));
    await expect(importZigbee2mqtt({ source, dataDir, dryRun: false })).rejects.toThrow(message);
    expect(await snapshot(dataDir)).toEqual(dataBefore);
    expect(await snapshot(source)).toEqual(sourceBefore);
  });

  it('should change nothing when the import stops after staging', async () => {
    const source = await writeFolder(join(root, 'staged', 'z2m'), sampleFolder());
    const dataDir = await writeFolder(join(root, 'staged', 'data'), { 'herdgate.db': 'the old gateway', 'network.json': '{}' });
    const before = await snapshot(dataDir);
    await expect(importZigbee2mqtt({ source, dataDir, dryRun: false, onStaged: () => Promise.reject(new Error('disk full')) })).rejects.toThrow('disk full');
    expect(await snapshot(dataDir)).toEqual(before);
  });

  it('should refuse another adapter than the stick Zigbee2MQTT used', async () => {
    const source = await writeFolder(join(root, 'adapter', 'z2m'), sampleFolder());
    await expect(importZigbee2mqtt({ source, dataDir: join(root, 'adapter', 'data'), dryRun: true, adapter: 'deconz' })).rejects.toThrow(
      /ZIGBEE_ADAPTER=deconz, but the network lives on Zigbee2MQTT's zstack stick/,
    );
  });
});
