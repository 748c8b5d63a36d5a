import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from './helpers/gateway';
import { spawnTs } from './helpers/child-process';
import { createRestClient } from './helpers/clients';
import { freePort, startBridge, startRadio, type BridgeProcess, type RadioProcess } from './helpers/processes';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { herdsmanIeee, startSensorStack } from './sensors-support';

/**
 * Restore drills on every emulated coordinator, one stack per front. Over REST on the running
 * gateway (`POST /config/import`, the bridge swaps its files and restarts): a restore onto the
 * same stick brings the archived names back with every device answering; a damaged archive is
 * refused with nothing changed. Then moving the network to a new stick: export over REST, stop, swap
 * the virtual radio's coordinator for a blank one with another IEEE next to the same devices
 * (`--new-stick`), wipe and `npm run restore` (no --same-stick: the adapter is checked), start:
 * herdsman restores the network from the coordinator backup, the device database stays, the lamp
 * and the plug answer without pairing again. Z-Stack and ConBee get the old IEEE written (same
 * bridge id); EmberZNet keeps the new stick's (herdsman does not change an EUI64).
 */
/** `POST /config/import` with the archive as the body, as `curl --data-binary @archive` sends it. */
async function importArchive(rest: { base: string; key: string }, bytes: Uint8Array) {
  const res = await fetch(`${rest.base}/api/${rest.key}/config/import`, {
    method: 'POST',
    body: bytes,
    headers: { 'Content-Type': 'application/octet-stream' },
    signal: AbortSignal.timeout(180_000),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const LAMP = { model: 'LCT015', ieee: '0017880100000c01' };
const BULB = { model: 'LWB010', ieee: '0017880100000c02' };

describe.each(['deconz', 'zstack', 'ember'] as const)('new stick on %s', (protocol) => {
  let stack: Stack;
  let radio: RadioProcess | undefined;
  let bridge: BridgeProcess | undefined;
  let api: NodeGateway | undefined;
  const backups = mkdtempSync(join(tmpdir(), 'herdgate-new-stick-'));

  beforeAll(async () => {
    stack = await startSensorStack([LAMP, BULB], { protocol, apiEnv: { BACKUP_INTERVAL_HOURS: '0', BACKUP_DIR: backups }, bridgeEnv: { LOG_LEVEL: 'info' } });
  }, 150_000);
  afterAll(async () => {
    await api?.close();
    await bridge?.stop();
    await radio?.stop();
    await stack?.close();
    rmSync(backups, { recursive: true, force: true });
  }, 60_000);

  it('should restore an archive over REST onto the same stick, and refuse a damaged one, changing nothing', async () => {
    const rest = stack.rest;
    const lights = (await rest.get('/lights')).body as Record<string, { name: string }>;
    const [id] = Object.keys(lights);
    const archived = lights[id].name;
    expect((await rest.post('/config/export')).body).toEqual([{ success: { '/config/export': 'success' } }]);
    const archive = readFileSync(join(backups, readdirSync(backups)[0]));
    expect((await rest.put(`/lights/${id}`, { name: 'Renamed after the backup' })).status).toBe(200);

    // Content edited after the checksum was taken: refused before anything changes.
    const damaged = gzipSync(Buffer.from(gunzipSync(archive).toString('utf8').replace(archived, `${archived}!`)));
    const refused = await importArchive(rest, damaged);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([{ error: { type: 7, address: '/config/import', description: expect.stringContaining('invalid value, damaged: ') } }]);
    expect((await rest.get(`/lights/${id}`)).body.name).toBe('Renamed after the backup');

    const bridgeId = stack.api.services.bridge.info()!.bridge;
    const restored = await importArchive(rest, archive);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toEqual([
      { success: { '/config/import': 'success' } },
      { success: { '/config/import/restored': expect.objectContaining({ source: 'herdgate', stick: 'same', restart: expect.stringContaining('restarts') }) } },
    ]);
    expect((await rest.get(`/lights/${id}`)).body.name).toBe(archived);
    const link = stack.api.services.bridge;
    const restarted = () => stack.bridge!.child.output.some((line) => line.includes('bridge restarted'));
    await waitFor(
      () =>
        restarted() &&
        link.connected() &&
        link.info()?.bridge === bridgeId &&
        [LAMP, BULB].every(({ ieee }) => link.devices().get(herdsmanIeee(ieee))?.interview === 'successful'),
      'the bridge back on its restored files',
      60_000,
    );
    for (const light of Object.keys(lights)) {
      await waitFor(
        async () => (await rest.put(`/lights/${light}/state`, { on: false })).body[0]?.success !== undefined,
        `light ${light} to answer after the restore`,
        20_000,
        500,
      );
    }
    rmSync(join(backups, readdirSync(backups)[0]));
  }, 120_000);

  it('should move the network to a blank stick with another IEEE, every device answering', async () => {
    const rest = stack.rest;
    const lights = (await rest.get('/lights')).body as Record<string, { uniqueid: string }>;
    const ids = Object.keys(lights);
    expect(ids).toHaveLength(2);
    const oldCoordinator = stack.api.services.bridge.info()!.coordinator.ieee;
    expect((await rest.post('/config/export')).body).toEqual([{ success: { '/config/export': 'success' } }]);
    const [archive] = readdirSync(backups);

    await stack.api.close();
    await stack.stopBridge('stop');
    await stack.radio.stop();
    radio = await startRadio({ statePath: join(stack.dir, 'radio.json'), protocol, newStick: true });
    const dataDir = join(stack.dir, 'bridge');
    rmSync(dataDir, { recursive: true, force: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(stack.dir, `api.db${suffix}`), { force: true });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(stack.dir, 'api.db')}`,
      ZIGBEE_ADAPTER: protocol,
      HTTP_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
    };
    const cli = spawnTs(join(import.meta.dirname, '..', 'scripts/restore.ts'), [join(backups, archive)], env);
    expect(await cli.exited, cli.output.join('\n')).toBe(0);

    const mqttPort = Number(new URL(stack.mqttUrl).port);
    bridge = await startBridge({ radioPath: radio.path, dataDir, mqttPort, protocol, env: stack.mqttAccount });
    api = await startLoopbackGateway(
      {
        DATABASE_URL: env.DATABASE_URL,
        MQTT_URL: stack.mqttUrl,
        ...stack.mqttAccount,
        BACKUP_INTERVAL_HOURS: '0',
      },
      { logger: pino({ level: 'silent' }) },
    );
    const link = api.services.bridge;
    await waitFor(
      () => link.connected() && [LAMP, BULB].every(({ ieee }) => link.devices().get(herdsmanIeee(ieee))?.interview === 'successful'),
      'the bridge on the new stick with both devices',
      30_000,
    );
    const coordinator = link.info()!.coordinator.ieee;
    if (protocol === 'ember') expect(coordinator).not.toBe(oldCoordinator);
    else expect(coordinator).toBe(oldCoordinator);
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${api!.httpPort}/api/${rest.key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then(
        async (res) => (await res.json()) as any,
      );
    for (const id of ids) {
      await waitFor(
        async () => (await call('PUT', `/lights/${id}/state`, { on: true }))[0]?.success !== undefined,
        `light ${id} to answer on the new stick`,
        20_000,
        500,
      );
      expect((await call('GET', `/lights/${id}`)).state).toMatchObject({ on: true, reachable: true });
    }
  }, 120_000);

  it('should take a stick that holds another network over REST, saying so, every device answering', async () => {
    // From the gateway the drill above restored: its archive, then a third stick that forms a network of its own.
    const key = stack.rest.key;
    const old = (path: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${api!.httpPort}/api/${key}${path}`, init).then(async (res) => (await res.json()) as any);
    const ids = Object.keys(await old('/lights'));
    const archive = readFileSync(join(backups, readdirSync(backups)[0]));
    const dataDir = join(stack.dir, 'bridge');
    await api!.close();
    await bridge!.stop();
    await radio!.stop();
    radio = await startRadio({ statePath: join(stack.dir, 'radio.json'), protocol, newStick: true });
    rmSync(dataDir, { recursive: true, force: true });
    const databaseUrl = `file:${join(stack.dir, 'other.db')}`;
    const mqttPort = Number(new URL(stack.mqttUrl).port);
    bridge = await startBridge({ radioPath: radio.path, dataDir, mqttPort, protocol, env: { ...stack.mqttAccount, LOG_LEVEL: 'info' } });
    api = await startLoopbackGateway(
      {
        DATABASE_URL: databaseUrl,
        MQTT_URL: stack.mqttUrl,
        ...stack.mqttAccount,
        BACKUP_INTERVAL_HOURS: '0',
      },
      { logger: pino({ level: 'silent' }) },
    );
    const link = api.services.bridge;
    await waitFor(() => link.connected(), 'the bridge on the third stick', 30_000);
    const formed = link.info()!;
    expect(link.devices().size).toBe(0);
    const fresh = await createRestClient(`http://127.0.0.1:${api.httpPort}`);

    const restored = await importArchive(fresh, archive);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body[1].success['/config/import/restored']).toMatchObject({
      stick: 'other',
      coordinator: formed.coordinator.ieee,
      replaces: { panid: formed.network.panid, devices: 0 },
      restart: expect.stringContaining('replacing the one it held'),
    });
    // The key that asked stays valid, and the archive's key works again.
    expect((await fresh.get('/config')).status).toBe(200);
    await waitFor(
      () =>
        bridge!.child.output.some((line) => line.includes('bridge restarted')) &&
        link.connected() &&
        [LAMP, BULB].every(({ ieee }) => link.devices().get(herdsmanIeee(ieee))?.interview === 'successful'),
      'the bridge restarted on the restored network',
      60_000,
    );
    expect(link.info()!.network.panid).not.toBe(formed.network.panid);
    for (const id of ids) {
      await waitFor(
        async () => (await old(`/lights/${id}/state`, { method: 'PUT', body: JSON.stringify({ on: true }) }))[0]?.success !== undefined,
        `light ${id} to answer on the third stick`,
        20_000,
        500,
      );
    }
  }, 150_000);
});
