import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from './helpers/gateway';
import { spawnTs } from './helpers/child-process';
import { freePort } from './helpers/processes';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { herdsmanIeee, startSensorStack } from './sensors-support';

/**
 * The restore drill on the real stack (virtual ConBee, bridge child with herdsman, api on a libSQL
 * file): export over REST, stop, wipe the bridge's data and the database (the stick keeps its
 * network), `npm run restore`, start again: the same API key works, names and groups are back,
 * and the lamp answers a command without pairing again. The archive checks: shared/src/backup.
 */
const LAMP = { model: 'LCT015', ieee: '0017880100000c01' };
const LAMP_MAC = '00:17:88:01:00:00:0c:01';
const ROOT = join(import.meta.dirname, '..');

let stack: Stack;
let api: NodeGateway | undefined;
const backups = mkdtempSync(join(tmpdir(), 'herdgate-drill-'));

beforeAll(async () => {
  stack = await startSensorStack([LAMP], { apiEnv: { BACKUP_INTERVAL_HOURS: '0', BACKUP_DIR: backups } });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await stack?.close();
  rmSync(backups, { recursive: true, force: true });
}, 60_000);

function restoreCli(args: string[], env: Record<string, string>) {
  return spawnTs(join(ROOT, 'scripts/restore.ts'), args, env);
}

describe('restore drill', () => {
  it('should bring back keys, names, groups and the network after export, wipe and restore on the same stick', async () => {
    const rest = stack.rest;
    const lights = (await rest.get('/lights')).body as Record<string, { uniqueid: string }>;
    const lamp = Object.keys(lights).find((id) => lights[id].uniqueid.startsWith(LAMP_MAC))!;
    expect((await rest.put(`/lights/${lamp}`, { name: 'Drill lamp' })).status).toBe(200);
    const group = (await rest.post('/groups', { name: 'Drill group', lights: [lamp] })).body[0].success.id as string;
    const bridgeId = stack.api.services.bridge.info()!.bridge;
    expect((await rest.post('/config/export')).body).toEqual([{ success: { '/config/export': 'success' } }]);
    const [archive] = readdirSync(backups);

    await stack.api.close();
    await stack.stopBridge('stop');
    rmSync(join(stack.dir, 'bridge'), { recursive: true, force: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(stack.dir, `api.db${suffix}`), { force: true });

    const env = {
      DATA_DIR: join(stack.dir, 'bridge'),
      DATABASE_URL: `file:${join(stack.dir, 'api.db')}`,
      HTTP_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
    };
    const cli = restoreCli([join(backups, archive), '--same-stick'], env);
    expect(await cli.exited, cli.output.join('\n')).toBe(0);
    expect(existsSync(join(stack.dir, 'bridge', 'database.db'))).toBe(true);

    await stack.startBridge();
    api = await startLoopbackGateway(
      {
        DATABASE_URL: env.DATABASE_URL,
        MQTT_URL: stack.mqttUrl,
        ...stack.mqttAccount,
        BACKUP_INTERVAL_HOURS: '0',
      },
      { logger: pino({ level: 'silent' }) },
    );
    const restored = { base: `http://127.0.0.1:${api.httpPort}` };
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${restored.base}/api/${rest.key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as any,
      }));
    expect((await call('GET', `/lights/${lamp}`)).body).toMatchObject({ name: 'Drill lamp', uniqueid: expect.stringMatching(LAMP_MAC) });
    expect((await call('GET', `/groups/${group}`)).body).toMatchObject({ name: 'Drill group', lights: [lamp] });
    await waitFor(
      () => api!.services.bridge.connected() && api!.services.bridge.devices().get(herdsmanIeee(LAMP.ieee))?.interview === 'successful',
      'the restored bridge with the lamp',
      30_000,
    );
    expect(api.services.bridge.info()!.bridge).toBe(bridgeId);
    // The lamp answers on the restored network: no pairing again.
    await waitFor(
      async () => (await call('PUT', `/lights/${lamp}/state`, { on: true })).body[0]?.success !== undefined,
      'the lamp to answer a command',
      20_000,
      500,
    );
    expect((await call('GET', `/lights/${lamp}`)).body.state.on).toBe(true);
    expect(readFileSync(join(stack.dir, 'bridge', 'database.db'), 'utf8')).toContain(herdsmanIeee(LAMP.ieee));
  });
});
