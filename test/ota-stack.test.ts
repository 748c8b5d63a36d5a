import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOtaImage, otaFiller } from '@herdgate/shared/ota';
import { connectMqtt, radioControl, type MqttProbe } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const BULB = '0017880104a1f401';
const SENSOR = '0017880104a1f402';
const mac = (ieee: string) => ieee.match(/../g)!.join(':');

interface Otau {
  state: string;
  installed: number | null;
  available: number | null;
  lastresult: { ok: boolean; error?: string } | null;
}

/**
 * Device firmware updates end to end on the real stack (herdsman against the virtual radio, the
 * bridge's image folder, the api): a bulb updated through Zigbee2MQTT's MQTT API with its answer
 * at the end and the new build id on REST; a sleepy motion sensor's update scheduled over REST and
 * run at its check-in; a device that refuses the image answered at once as an error; a running
 * transfer aborted. (The web app's update of a lamp: test/web-lights.test.ts.)
 */
describe('OTA on the real stack', () => {
  let stack: Stack;
  let z2m: MqttProbe;
  let counter = 0;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const otau = async (ieee: string) => ((await stack.rest.get(`/devices/${mac(ieee)}`)).body as { otau: Otau }).otau;
  const swversion = async (ieee: string) => ((await stack.rest.get(`/devices/${mac(ieee)}`)).body as { swversion: string }).swversion;
  /** One version up (or `version`) of the device's own image, dropped in the bridge's image folder. */
  const dropImage = async (ieee: string, name: string, options: { version?: number; size?: number } = {}) => {
    const { ota } = (await control('GET', `/devices/${ieee}`)) as { ota: { manufacturerCode: number; imageType: number; fileVersion: number } };
    const fileVersion = options.version ?? ota.fileVersion + 1;
    const dir = join(stack.dir, 'bridge', 'ota');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `${name}.ota`),
      buildOtaImage({
        manufacturerCode: ota.manufacturerCode,
        imageType: ota.imageType,
        fileVersion,
        headerString: name,
        payload: otaFiller(options.size ?? 2_000, fileVersion),
      }),
    );
    return fileVersion;
  };
  const otaRest = (ieee: string, action: string) => stack.rest.post(`/devices/${mac(ieee)}/otau`, { action });
  const z2mRequest = async (op: string, payload: Record<string, unknown>, timeoutMs = 60_000) => {
    const transaction = `ota-${(counter += 1)}`;
    await z2m.publish(`zigbee2mqtt/bridge/request/device/ota_update/${op}`, { ...payload, transaction });
    await waitFor(
      () => z2m.messages.some((m) => m.topic === `zigbee2mqtt/bridge/response/device/ota_update/${op}` && JSON.parse(m.payload).transaction === transaction),
      `the answer to ${op}`,
      timeoutMs,
      50,
    );
    return JSON.parse(
      z2m.messages.find((m) => m.topic === `zigbee2mqtt/bridge/response/device/ota_update/${op}` && JSON.parse(m.payload).transaction === transaction)!.payload,
    );
  };

  beforeAll(async () => {
    // A stalled device is given up on after 3 s (the default waits 150 s, as Zigbee2MQTT).
    stack = await startStack({ bridgeEnv: { OTA_BLOCK_DELAY_MS: '10', OTA_REQUEST_TIMEOUT_MS: '3000' } });
    await waitForLink(stack);
    await control('PUT', '/ota', { pacing: 'fast' });
    await control('POST', '/devices', { model: 'LCT015', ieee: BULB });
    await control('POST', '/devices', { model: 'SML001', ieee: SENSOR });
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(
      () => [BULB, SENSOR].every((ieee) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview === 'successful'),
      'the interviews',
      90_000,
      100,
    );
    await stack.rest.put('/config', { permitjoin: 0 });
    await waitFor(
      async () => (await otau(BULB).catch(() => undefined)) !== undefined && (await otau(SENSOR).catch(() => undefined)) !== undefined,
      'both OTA clients on REST',
      30_000,
      100,
    );
    z2m = await connectMqtt(stack.mqttUrl, ['zigbee2mqtt/bridge/response/#'], {
      username: stack.mqttAccount.MQTT_USER,
      password: stack.mqttAccount.MQTT_PASSWORD,
    });
  }, 150_000);

  afterAll(async () => {
    await z2m?.close();
    await stack?.close();
  }, 60_000);

  it("should update a bulb through Zigbee2MQTT's MQTT API, answered at the end, with the new build id on REST", async () => {
    const to = await dropImage(BULB, 'bulb-up');
    const before = await swversion(BULB);
    expect(await z2mRequest('check', { id: `0x${BULB}` })).toMatchObject({ status: 'ok', data: { update_available: true } });
    expect(await otau(BULB)).toMatchObject({ state: 'available', available: to });
    const answer = await z2mRequest('update', { id: `0x${BULB}` });
    expect(answer).toMatchObject({ status: 'ok', data: { id: `0x${BULB}`, from: { file_version: to - 1 }, to: { file_version: to } } });
    expect(answer.data.to.software_build_id).not.toBe(answer.data.from.software_build_id);
    expect(((await control('GET', `/devices/${BULB}`)) as { ota: { fileVersion: number } }).ota.fileVersion).toBe(to);
    await waitFor(async () => (await otau(BULB)).installed === to && (await swversion(BULB)) !== before, 'the new version and build id on REST', 15_000, 100);
    expect((await otau(BULB)).lastresult).toMatchObject({ ok: true });
  }, 90_000);

  it("should schedule a sleepy sensor's update over REST and run it when the sensor checks in", async () => {
    const to = await dropImage(SENSOR, 'sensor-up');
    const answer = await otaRest(SENSOR, 'update');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { success: { [`/devices/${mac(SENSOR)}/otau/action`]: 'update' } },
      { success: { [`/devices/${mac(SENSOR)}/otau/state`]: 'scheduled' } },
    ]);
    // The sensor asks for an image at its check-in (here: now, through the radio's control API).
    await control('POST', `/devices/${SENSOR}/ota/query`);
    await waitFor(async () => (await otau(SENSOR)).installed === to, 'the sensor on its new version', 60_000, 200);
    expect(await otau(SENSOR)).toMatchObject({ state: 'idle', lastresult: { ok: true } });
  }, 90_000);

  it('should answer a refused image at once as an error, and stop a running transfer on abort', async () => {
    const refused = await dropImage(BULB, 'bulb-refused');
    await control('PUT', `/devices/${BULB}/ota/fault`, { kind: 'refuse' });
    const answer = await otaRest(BULB, 'update');
    expect(answer.status).toBe(503);
    expect(answer.body[0].error).toMatchObject({ type: 901, address: `/devices/${mac(BULB)}/otau` });
    expect(answer.body[0].error.description).toMatch(/refused/);
    await waitFor(async () => (await otau(BULB)).lastresult?.error === 'refused', 'the refusal as the last result', 10_000, 100);
    expect((await otau(BULB)).installed).toBe(refused - 1);

    // A large image paced slowly, stopped while it runs: the device keeps its version.
    await control('DELETE', `/devices/${BULB}/ota/fault`);
    await control('PUT', '/ota', { pacing: 'realistic' });
    await dropImage(BULB, 'bulb-large', { version: refused + 1, size: 60_000 });
    const large = await otaRest(BULB, 'update');
    expect(large.status, JSON.stringify(large.body)).toBe(200);
    await waitFor(async () => (await otau(BULB)).state === 'updating', 'the transfer running', 30_000, 100);
    const stop = await otaRest(BULB, 'abort');
    expect(stop.status, `${JSON.stringify(stop.body)} ${JSON.stringify(await otau(BULB))}`).toBe(200);
    await waitFor(async () => (await otau(BULB)).lastresult?.error === 'aborted', 'the abort as the last result', 30_000, 100);
    expect(((await control('GET', `/devices/${BULB}`)) as { ota: { fileVersion: number } }).ota.fileVersion).toBe(refused - 1);
    await control('PUT', '/ota', { pacing: 'fast' });
  }, 120_000);

  it('should end a corrupt image and a stalled transfer cleanly, each with its reason, the device on its old version', async () => {
    const installed = ((await control('GET', `/devices/${BULB}`)) as { ota: { fileVersion: number } }).ota.fileVersion;
    for (const [fault, name] of [
      [{ kind: 'corrupt' }, 'bulb-corrupt'],
      [{ kind: 'stall', afterBytes: 500 }, 'bulb-stall'],
    ] as const) {
      const at = new Date().toISOString();
      await dropImage(BULB, name, { version: installed + 10 + (fault.kind === 'stall' ? 1 : 0) });
      await control('PUT', `/devices/${BULB}/ota/fault`, fault);
      expect((await otaRest(BULB, 'update')).status).toBe(200);
      await waitFor(
        async () => {
          const last = (await otau(BULB)).lastresult as { at: string; ok: boolean } | null;
          return last !== null && last.at > at;
        },
        `the ${fault.kind} transfer to end`,
        30_000,
        100,
      );
      const after = await otau(BULB);
      expect(after.lastresult).toMatchObject({ ok: false, error: 'transfer_failed' });
      expect(after.state).toBe('available');
      expect(((await control('GET', `/devices/${BULB}`)) as { ota: { fileVersion: number } }).ota.fileVersion).toBe(installed);
      await control('DELETE', `/devices/${BULB}/ota/fault`);
    }
  }, 120_000);

  it("should schedule the sleepy sensor through Zigbee2MQTT's API and update it at its check-in", async () => {
    const to = await dropImage(SENSOR, 'sensor-z2m', { version: (await otau(SENSOR)).installed! + 1 });
    expect(await z2mRequest('schedule', { id: `0x${SENSOR}` })).toMatchObject({ status: 'ok', data: { id: `0x${SENSOR}` } });
    expect((await otau(SENSOR)).state).toBe('scheduled');
    await control('POST', `/devices/${SENSOR}/ota/query`);
    await waitFor(async () => (await otau(SENSOR)).installed === to, 'the sensor on its new version', 60_000, 200);
  }, 90_000);
});
