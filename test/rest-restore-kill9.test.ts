import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@herdgate/shared/mqtt';
import type { Child } from './helpers/child-process';
import { connectMqtt, createRestClient, radioControl, type RestClient } from './helpers/clients';
import { freePort, startApiProcess, startBridge, startRadio, type BridgeProcess, type RadioProcess } from './helpers/processes';
import { waitFor } from './helpers/wait';
import { herdsmanIeee } from './sensors-support';

const LAMP = { model: 'LCT015', ieee: '0017880104a1c901' };
const LAMP_MAC = '00:17:88:01:04:a1:c9:01';

/**
 * `POST /config/import` on the real stack with the api as a child process, killed with SIGKILL at
 * the moments that matter: while the bridge checks its stick (nothing changed yet), as the api
 * hands the bridge its part (the database is replaced, the part pending), and at a random moment.
 * After the restart the api holds the old gateway or the archived one whole (groups, keys and the
 * lamp's name of one generation), and the bridge's device name ends in the same generation: a
 * pending part is delivered by the restarted api, never half of one. On every emulated coordinator.
 */
describe.each(['deconz', 'zstack', 'ember'] as const)('REST restore killed with SIGKILL on %s', (protocol) => {
  let dir: string;
  let radio: RadioProcess | undefined;
  let bridge: BridgeProcess | undefined;
  let api: Child | undefined;
  let rest: RestClient;
  let mqttUrl: string;
  let archive: Uint8Array;
  // The bridge takes requests only from the api's account.
  const account = { MQTT_USER: 'herdgate-api', MQTT_PASSWORD: randomBytes(12).toString('hex') };

  async function startApi(): Promise<void> {
    const started = await startApiProcess(`file:${join(dir, 'api.db')}`, {
      MQTT_URL: mqttUrl,
      ...account,
      BACKUP_DIR: join(dir, 'backups'),
      BACKUP_INTERVAL_HOURS: '0',
    });
    api = started.child;
    rest = await createRestClient(started.base);
    await waitFor(async () => (await rest.get('/config')).body.rfconnected === true, 'the api to follow the bridge', 60_000, 100);
  }
  const lampId = async () => {
    const lights = (await rest.get('/lights')).body as Record<string, { uniqueid: string }>;
    return Object.keys(lights).find((id) => lights[id]!.uniqueid.startsWith(LAMP_MAC));
  };
  /** The lamp's name in the bridge's retained description. */
  const bridgeName = async () => {
    const probe = await connectMqtt(mqttUrl, [topics.device('herdgate', herdsmanIeee(LAMP.ieee))]);
    try {
      await waitFor(() => probe.messages.length > 0, 'the retained lamp description', 5_000, 20);
      return (JSON.parse(probe.messages.at(-1)!.payload) as { name: string }).name;
    } finally {
      await probe.close();
    }
  };
  /** What the api holds, in the terms the two generations differ by. */
  const generation = async () => {
    const groups = Object.values((await rest.get('/groups')).body as Record<string, { name: string }>)
      .map((g) => g.name)
      .sort();
    const keys = Object.values((await rest.get('/config')).body.whitelist as Record<string, { name: string }>).map((k) => k.name);
    const lamp = (await rest.get(`/lights/${await lampId()}`)).body as { name: string };
    return { groups, laterKey: keys.includes('after-export'), lamp: lamp.name };
  };
  const OLD = { groups: ['After export', 'Archived'], laterKey: true, lamp: 'Later lamp' };
  const NEW = { groups: ['Archived'], laterKey: false, lamp: 'Archived lamp' };

  /** Makes the running gateway differ from the archive again in groups, keys and the lamp's name. */
  async function divergeFromArchive(): Promise<void> {
    const lamp = (await lampId())!;
    expect((await rest.put(`/lights/${lamp}`, { name: 'Later lamp' })).status).toBe(200);
    const groups = Object.values((await rest.get('/groups')).body as Record<string, { name: string }>).map((g) => g.name);
    if (!groups.includes('After export')) expect((await rest.post('/groups', { name: 'After export' })).status).toBe(200);
    const keys = Object.values((await rest.get('/config')).body.whitelist as Record<string, { name: string }>).map((k) => k.name);
    if (!keys.includes('after-export')) {
      const created = await fetch(`${rest.base}/api`, {
        method: 'POST',
        body: JSON.stringify({ devicetype: 'after-export' }),
        headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
      });
      expect(created.status).toBe(200);
    }
    expect(await generation()).toEqual(OLD);
    await waitFor(async () => (await bridgeName()) === 'Later lamp', 'the bridge to carry the later name', 10_000, 100);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-rest-restore-kill9-'));
    radio = await startRadio({ statePath: join(dir, 'radio.json'), protocol });
    const mqttPort = await freePort();
    bridge = await startBridge({ radioPath: radio.path, dataDir: join(dir, 'bridge'), mqttPort, protocol, env: { ...account, LOG_LEVEL: 'info' } });
    mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    await startApi();
    await radioControl(radio.control, 'POST', '/devices', { model: LAMP.model, ieee: LAMP.ieee });
    await rest.put('/config', { permitjoin: 60 });
    await waitFor(async () => (await lampId()) !== undefined, 'the lamp as a light', 60_000, 200);
    await rest.put('/config', { permitjoin: 0 });
    expect((await rest.put(`/lights/${(await lampId())!}`, { name: 'Archived lamp' })).status).toBe(200);
    expect((await rest.post('/groups', { name: 'Archived' })).status).toBe(200);
    expect((await rest.post('/config/export')).body).toEqual([{ success: { '/config/export': 'success' } }]);
    const download = await fetch(`${rest.base}/api/${rest.key}/config/export`);
    expect(download.status).toBe(200);
    archive = new Uint8Array(await download.arrayBuffer());
  }, 150_000);

  afterAll(async () => {
    await api?.stop();
    await bridge?.stop();
    await radio?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  /** Starts the import and kills the api when `moment` resolves; the import's answer never comes. */
  async function importKilledAt(moment: (requests: { check: boolean }[]) => boolean): Promise<number | undefined> {
    // Requests that carry the network key reach only the api's account: the probe logs in as it.
    const probe = await connectMqtt(mqttUrl, ['herdgate/bridge/+/request/backup/restore'], { username: account.MQTT_USER, password: account.MQTT_PASSWORD });
    try {
      const answer = fetch(`${rest.base}/api/${rest.key}/config/import`, { method: 'POST', body: archive, signal: AbortSignal.timeout(60_000) }).catch(
        (err: Error) => err,
      );
      const requests = () => probe.messages.map((m) => JSON.parse(m.payload) as { check: boolean });
      // The kill goes out from the message callback itself, not from the next poll: the bridge
      // answers the check within milliseconds, and a test process starved by the other files
      // running beside it would let the api commit first. The poll covers the moments of time.
      const child = api!;
      const killNow = () => {
        if (moment(requests())) child.process.kill('SIGKILL');
      };
      probe.client.on('message', killNow);
      await waitFor(
        () => (killNow(), child.process.signalCode !== null || child.process.exitCode !== null || child.process.killed),
        'the moment to kill the api',
        30_000,
        1,
      );
      probe.client.removeListener('message', killNow);
      await child.kill();
      const answered = await answer;
      // Only a random moment may come after the whole import: then it was answered as done. (Not
      // `instanceof Response`: files share their test process, and a fetch another file's module
      // loaded may answer with another realm's Response class.)
      if (!(answered instanceof Error)) return answered.status;
      return undefined;
    } finally {
      await probe.close();
    }
  }

  /** After the restart: one generation in the api, and the bridge's name ends in the same one. */
  async function expectOneGeneration(): Promise<'old' | 'new'> {
    await startApi();
    const held = await generation();
    expect([OLD, NEW]).toContainEqual(held);
    const which = held.laterKey ? 'old' : 'new';
    await waitFor(async () => (await bridgeName().catch(() => undefined)) === held.lamp, `the bridge's lamp name to be the ${which} one`, 60_000, 250);
    // Whatever the bridge did (restart on the restored files or not), the api follows it again.
    await waitFor(async () => (await rest.get('/config')).body.rfconnected === true, 'the api to follow the bridge again', 60_000, 200);
    expect(await generation()).toEqual(held);
    return which;
  }

  it('should keep the old gateway when killed while the bridge checks its stick', async () => {
    await divergeFromArchive();
    expect(await importKilledAt((requests) => requests.length >= 1)).toBeUndefined();
    // Killed on the check: the database transaction had not started, so nothing changed.
    expect(await expectOneGeneration()).toBe('old');
  }, 120_000);

  it('should end in the archived gateway when killed as the bridge gets its part, delivered by the restarted api', async () => {
    await divergeFromArchive();
    expect(await importKilledAt((requests) => requests.some((r) => r.check === false))).toBeUndefined();
    // The part is sent only after the commit: the database is the archive's, the bridge follows.
    expect(await expectOneGeneration()).toBe('new');
  }, 150_000);

  it('should end in one generation when killed at a random moment of the import', async () => {
    for (const delay of [Math.floor(Math.random() * 40), 40 + Math.floor(Math.random() * 400)]) {
      await divergeFromArchive();
      const started = Date.now();
      const answered = await importKilledAt(() => Date.now() - started >= delay);
      const which = await expectOneGeneration();
      if (answered !== undefined) expect({ answered, which }).toEqual({ answered: 200, which: 'new' });
    }
  }, 300_000);
});
