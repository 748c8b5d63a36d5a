import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeGateway, type NodeGateway } from '@herdgate/api/node';
import { spawnTs } from './helpers/child-process';
import { freePort, startBridge, startRadio, type BridgeProcess, type RadioProcess } from './helpers/processes';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { herdsmanIeee, startSensorStack } from './sensors-support';

/**
 * Moving the network to a new stick, on every emulated coordinator: export over REST, stop, swap
 * the virtual radio's coordinator for a blank one with another IEEE next to the same devices
 * (`--new-stick`), wipe and `npm run restore` (no --same-stick: the adapter is checked), start:
 * herdsman restores the network from the coordinator backup, the device database stays, the lamp
 * and the plug answer without pairing again. Z-Stack and ConBee get the old IEEE written (same
 * bridge id); EmberZNet keeps the new stick's (herdsman does not change an EUI64).
 */
const LAMP = { model: 'LCT015', ieee: '0017880100000c01' };
const BULB = { model: 'LWB010', ieee: '0017880100000c02' };

describe.each(['deconz', 'zstack', 'ember'] as const)('new stick on %s', (protocol) => {
  let stack: Stack;
  let radio: RadioProcess | undefined;
  let bridge: BridgeProcess | undefined;
  let api: NodeGateway | undefined;
  const backups = mkdtempSync(join(tmpdir(), 'herdgate-new-stick-'));

  beforeAll(async () => {
    stack = await startSensorStack([LAMP, BULB], { protocol, apiEnv: { BACKUP_INTERVAL_HOURS: '0', BACKUP_DIR: backups } });
  }, 150_000);
  afterAll(async () => {
    await api?.close();
    await bridge?.stop();
    await radio?.stop();
    await stack?.close();
    rmSync(backups, { recursive: true, force: true });
  }, 60_000);

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
    const env = { DATA_DIR: dataDir, DATABASE_URL: `file:${join(stack.dir, 'api.db')}`, ZIGBEE_ADAPTER: protocol, HTTP_PORT: String(await freePort()), MQTT_PORT: String(await freePort()) };
    const cli = spawnTs(join(import.meta.dirname, '..', 'scripts/restore.ts'), [join(backups, archive)], env);
    expect(await cli.exited, cli.output.join('\n')).toBe(0);

    const mqttPort = Number(new URL(stack.mqttUrl).port);
    bridge = await startBridge({ radioPath: radio.path, dataDir, mqttPort, protocol, env: stack.mqttAccount });
    api = await createNodeGateway(
      { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: env.DATABASE_URL, MQTT_URL: stack.mqttUrl, ...stack.mqttAccount, BACKUP_INTERVAL_HOURS: '0' },
      { logger: pino({ level: 'silent' }) },
    );
    const link = api.services.bridge;
    await waitFor(() => link.connected() && [LAMP, BULB].every(({ ieee }) => link.devices().get(herdsmanIeee(ieee))?.interview === 'successful'), 'the bridge on the new stick with both devices', 30_000);
    const coordinator = link.info()!.coordinator.ieee;
    if (protocol === 'ember') expect(coordinator).not.toBe(oldCoordinator);
    else expect(coordinator).toBe(oldCoordinator);
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${api!.httpPort}/api/${rest.key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (res) => (await res.json()) as any);
    for (const id of ids) {
      await waitFor(async () => (await call('PUT', `/lights/${id}/state`, { on: true }))[0]?.success !== undefined, `light ${id} to answer on the new stick`, 20_000, 500);
      expect((await call('GET', `/lights/${id}`)).state).toMatchObject({ on: true, reachable: true });
    }
  });
});
