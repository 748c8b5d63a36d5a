import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@herdgate/api/database';
import { recoverDataDir } from '@herdgate/shared/node';
import { gatewayPaths } from '../scripts/lib/backup/gateway-paths';
import { offlineArchive } from '../scripts/lib/backup/offline-archive';
import { spawnTs } from './helpers/child-process';
import { freePort } from './helpers/processes';

/**
 * `npm run restore` as a process: a bad archive or a stick that cannot take the network is refused
 * with a message and every file left as it was; killed with SIGKILL at points spread over its run,
 * the data folder (bridge files, database inside it, the virtual radio's state) is afterwards the
 * old gateway or the new one in full, never a mix. The stack drill: test/backup-restore.test.ts.
 */
const ROOT = join(import.meta.dirname, '..');
let work: string;
let archive: string;
let ports: Record<string, string>;

/** A stopped gateway's data folder whose every part says which generation it is. */
async function gatewayDir(dir: string, generation: string): Promise<void> {
  await writeFile(join(dir, 'network.json'), JSON.stringify({ generation }));
  await writeFile(join(dir, 'database.db'), `${JSON.stringify({ id: 1, type: 'Coordinator', generation })}\n`);
  await writeFile(join(dir, 'names.json'), JSON.stringify({ generation }));
  await writeFile(join(dir, 'virtual-radio.json'), 'the stick');
  const { db, client } = await openDatabase(`file:${join(dir, 'herdgate.db')}`, undefined);
  await db.run(`INSERT INTO api_keys (key, name, created_at, last_used_at) VALUES ('${generation}-key', '${generation}', 0, 0)`);
  client.close();
}

/** Which generation each part of the folder is (after the recovery npm start runs). */
async function generations(dir: string): Promise<Record<string, string>> {
  await recoverDataDir(dir);
  const json = async (name: string) => (JSON.parse(await readFile(join(dir, name), 'utf8')) as { generation: string }).generation;
  const { db, client } = await openDatabase(`file:${join(dir, 'herdgate.db')}`, undefined);
  const rows = await db.all<{ name: string }>('SELECT name FROM api_keys');
  client.close();
  return {
    network: await json('network.json'),
    names: await json('names.json'),
    herdsman: (JSON.parse(await readFile(join(dir, 'database.db'), 'utf8')) as { generation: string }).generation,
    database: rows.map((row) => row.name).join(','),
    radio: await readFile(join(dir, 'virtual-radio.json'), 'utf8'),
    left: (await readdir(dir)).filter((n) => n.startsWith('.')).join(','),
  };
}

async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir, { recursive: true })).sort())
    out[name] = await readFile(join(dir, name)).then(
      (b) => b.toString('base64'),
      () => 'dir',
    );
  return out;
}

const restore = (dir: string, args: string[]) =>
  spawnTs(join(ROOT, 'scripts/restore.ts'), [archive, ...args], {
    DATA_DIR: dir,
    DATABASE_URL: `file:${join(dir, 'herdgate.db')}`,
    ZIGBEE_ADAPTER: 'zstack',
    ...ports,
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'herdgate-restore-kill-'));
  ports = { HTTP_PORT: String(await freePort()), MQTT_PORT: String(await freePort()) };
  for (const generation of ['old', 'new']) await mkdir(join(work, generation));
  await gatewayDir(join(work, 'old'), 'old');
  await gatewayDir(join(work, 'new'), 'new');
  const made = await offlineArchive(gatewayPaths({ DATA_DIR: join(work, 'new'), DATABASE_URL: `file:${join(work, 'new', 'herdgate.db')}` }), {
    herdgate: 'test',
  });
  archive = join(work, made.name);
  await writeFile(archive, made.bytes);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('npm run restore', () => {
  it('should refuse a damaged archive and a stick that cannot take the network, changing nothing', async () => {
    const dir = join(work, 'refused');
    await cp(join(work, 'old'), dir, { recursive: true });
    const before = await snapshot(dir);
    // Content edited after the checksum was taken: gzip is intact, the manifest's hash is not.
    const text = gunzipSync(await readFile(archive)).toString('utf8');
    await writeFile(`${archive}.damaged`, gzipSync(Buffer.from(text.replace('new-key', 'bad-key'))));
    const damaged = spawnTs(join(ROOT, 'scripts/restore.ts'), [`${archive}.damaged`], {
      DATA_DIR: dir,
      DATABASE_URL: `file:${join(dir, 'herdgate.db')}`,
      ...ports,
    });
    expect(await damaged.exited).toBe(1);
    expect(damaged.output.join('')).toMatch(/refused \(damaged\): the backup's checksum does not match its content; nothing was changed/);
    // The archive has no coordinator backup: no stick could take its network.
    const zboss = spawnTs(join(ROOT, 'scripts/restore.ts'), [archive, '--adapter', 'zboss'], {
      DATA_DIR: dir,
      DATABASE_URL: `file:${join(dir, 'herdgate.db')}`,
      ...ports,
    });
    expect(await zboss.exited).toBe(1);
    expect(zboss.output.join('')).toMatch(/cannot restore a network onto a zboss stick.*nothing was changed/);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('should leave the old gateway or the new one, never a mix, when killed at any point', async () => {
    const whole = join(work, 'whole');
    await cp(join(work, 'old'), whole, { recursive: true });
    const first = restore(whole, ['--same-stick']);
    const started = await first.line((l) => (l.includes('restoring the backup') ? Date.now() : undefined), 30_000, 'the restore to start');
    expect(await first.exited, first.output.join('\n')).toBe(0);
    const span = Date.now() - started;
    expect(await generations(whole)).toEqual({ network: 'new', names: 'new', herdsman: 'new', database: 'new', radio: 'the stick', left: '' });

    const seen: string[] = [];
    let killedMidway = 0;
    for (let i = 0; i < 6; i++) {
      const dir = join(work, `kill-${i}`);
      await cp(join(work, 'old'), dir, { recursive: true });
      const child = restore(dir, ['--same-stick']);
      await child.line((l) => (l.includes('restoring the backup') ? true : undefined), 30_000, 'the restore to start');
      await new Promise((resolve) => setTimeout(resolve, (span * i) / 5));
      const code = await child.kill();
      if (code === null) killedMidway++;
      const found = await generations(dir);
      const generation = found.network;
      expect(found, `kill ${i} after ${Math.round((span * i) / 5)} ms`).toEqual({
        network: generation,
        names: generation,
        herdsman: generation,
        database: generation,
        radio: 'the stick',
        left: '',
      });
      seen.push(generation);
    }
    expect(killedMidway, `outcomes ${seen.join(',')}`).toBeGreaterThan(0);
  });
});
