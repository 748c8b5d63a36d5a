import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child } from './helpers/child-process';
import { connectMqtt, createRestClient, radioControl, type RestClient } from './helpers/clients';
import { freePort, startApiProcess, startBridge, startRadio, type BridgeProcess, type RadioProcess } from './helpers/processes';
import { waitFor } from './helpers/wait';

const LAMPS = ['0017880104a1c801', '0017880104a1c802'];

interface Scene {
  name: string;
  lights: string[];
}

/**
 * `POST /groups/<gid>/scenes` on the real stack with the api as a child process, killed with
 * SIGKILL while the bridge stores the scene on the lamps (after the id was taken, before the
 * captured light states were written). After the restart the group has no scene or a complete one,
 * never a scene without its lights. The bridge's group lane is paced at 5 s and a group action
 * goes first, so the store request waits there long enough for the kill to land in that window.
 */
describe('scene capture killed with SIGKILL', () => {
  let dir: string;
  let radio: RadioProcess | undefined;
  let bridge: BridgeProcess | undefined;
  let api: Child | undefined;
  let rest: RestClient;
  let mqttUrl: string;
  const account = { MQTT_USER: 'herdgate-api', MQTT_PASSWORD: randomBytes(12).toString('hex') };

  async function startApi(): Promise<void> {
    const started = await startApiProcess(`file:${join(dir, 'api.db')}`, { MQTT_URL: mqttUrl, ...account });
    api = started.child;
    rest = await createRestClient(started.base);
    await waitFor(async () => (await rest.get('/config')).body.rfconnected === true, 'the api to follow the bridge', 30_000, 100);
  }
  const lightIds = async () => {
    const lights = (await rest.get('/lights')).body as Record<string, { uniqueid: string }>;
    return LAMPS.map((ieee) => Object.entries(lights).find(([, l]) => l.uniqueid.replace(/:/g, '').startsWith(ieee))?.[0]);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-scene-kill9-'));
    radio = await startRadio({ statePath: join(dir, 'radio.json') });
    const mqttPort = await freePort();
    bridge = await startBridge({ radioPath: radio.path, dataDir: join(dir, 'bridge'), mqttPort, env: { ...account, GROUP_DELAY_MS: '5000' } });
    mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    await startApi();
    for (const ieee of LAMPS) await radioControl(radio.control, 'POST', '/devices', { model: 'LCT015', ieee });
    await rest.put('/config', { permitjoin: 60 });
    await waitFor(async () => (await lightIds()).every((id) => id !== undefined), 'both lamps as lights', 60_000, 200);
    await rest.put('/config', { permitjoin: 0 });
  }, 150_000);

  afterAll(async () => {
    await api?.stop();
    await bridge?.stop();
    await radio?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('should leave no scene, never one without its lights, when the api dies during the capture', async () => {
    const lights = (await lightIds()) as string[];
    const created = await rest.post('/groups', { name: 'Crash room', lights });
    const group = (created.body as [{ success: { id: string } }])[0].success.id;
    const probe = await connectMqtt(mqttUrl, ['herdgate/bridge/+/request/scene/store']);
    try {
      // Occupies the paced group lane: the scene store that follows waits there about 5 s.
      expect((await rest.put(`/groups/${group}/action`, { on: true })).status).toBe(200);
      const answer = rest.post(`/groups/${group}/scenes`, { name: 'Evening' }).catch((err: Error) => err);
      await waitFor(() => probe.messages.length > 0, 'the api to ask the bridge to store the scene', 15_000, 5);
      await api!.kill();
      expect(await answer).toBeInstanceOf(Error);
    } finally {
      await probe.close();
    }
    await startApi();
    expect((await rest.get(`/groups/${group}/scenes`)).body).toEqual({});
    // The id was never taken: the next capture gets it, with both lamps.
    const again = await rest.post(`/groups/${group}/scenes`, { name: 'Evening' });
    expect(again.body).toEqual([{ success: { id: '1' } }]);
    const scenes = (await rest.get(`/groups/${group}/scenes`)).body as Record<string, Scene>;
    expect(scenes['1']).toMatchObject({ name: 'Evening', lights: expect.arrayContaining(lights) });
    expect(scenes['1']!.lights).toHaveLength(2);
  }, 90_000);
});
