import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZigbeeDevice } from '../src/zigbee/index';
import { CLIMATE, COLOR_LAMP, PLUG } from './support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from './support/in-process-bridge';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';

/**
 * Zigbee2MQTT's firmware updates over MQTT (`bridge/request/device/ota_update/*`) on the whole
 * bridge and its one OTA tracker, with the fake radio's OTA clients: check, update answered at the
 * end with from/to, the `update` block in the device's state, schedule for a sleepy device, abort,
 * refusals in Zigbee2MQTT's words, and Home Assistant's update entity.
 */
const LAMP: ZigbeeDevice = { ...COLOR_LAMP, definition: { ...COLOR_LAMP.definition!, z2m: { exposes: [], options: [], supportsOta: true, source: 'native' } } };

describe('z2m api: ota_update', () => {
  let b: InProcessBridge;
  let z: MqttProbe;
  let counter = 0;
  let lampName = '';
  const name = () => lampName;
  /** A Zigbee2MQTT request and its response (on `answerAs`, the name without `/downgrade`). */
  const request = async (op: string, payload: Record<string, unknown>, answerAs = op) => {
    const transaction = `ota-${(counter += 1)}`;
    await z.publish(`zigbee2mqtt/bridge/request/device/ota_update/${op}`, { ...payload, transaction });
    return (
      await z.waitFor(
        (m) => m.topic === `zigbee2mqtt/bridge/response/device/ota_update/${answerAs}` && m.json().transaction === transaction,
        5_000,
        `response to ${op}`,
      )
    ).json();
  };
  const stateWith = (ieeeName: string, match: (update: Record<string, any>) => boolean, what: string) =>
    z
      .waitFor((m) => m.topic === `zigbee2mqtt/${ieeeName}` && m.json().update !== undefined && match(m.json().update), 5_000, what)
      .then((m) => m.json().update);

  beforeAll(async () => {
    b = await startInProcessBridge([LAMP, PLUG, CLIMATE], {}, (radio) => {
      radio.ota.clients.set(LAMP.ieee, { installed: 100, image: { fileVersion: 200, size: 4000 } });
      radio.ota.clients.set(CLIMATE.ieee, { installed: 5, image: { fileVersion: 6, size: 1000 } });
    });
    z = await connectMqtt(b.bridge.mqttUrl, ['zigbee2mqtt/#', 'homeassistant/#'], b.account);
    lampName = (await b.probe.waitFor((m) => m.topic === b.dt(LAMP.ieee), 5_000, 'the lamp description')).json().name;
  });
  afterAll(async () => {
    await z?.close();
    await b?.close();
  });

  it("should announce Home Assistant's update entity and carry the update block from the start", async () => {
    const config = (await z.waitFor((m) => m.topic === `homeassistant/update/${LAMP.ieee}/update/config`, 5_000, 'the update entity')).json();
    expect(config).toMatchObject({
      device_class: 'firmware',
      entity_category: 'config',
      command_topic: 'zigbee2mqtt/bridge/request/device/ota_update/update',
      payload_install: `{"id": "${LAMP.ieee}"}`,
      unique_id: `${LAMP.ieee}_update_zigbee2mqtt`,
      state_topic: expect.stringMatching(/^zigbee2mqtt\//),
    });
    expect(config.value_template).toContain("value_json['update']['installed_version']");
    // Versions unknown until the device said what it runs: -1, as Home Assistant needs. The state
    // published at start (not retained) came before this client; the lamp's next report carries it.
    b.radio.emit('deviceState', { ieee: LAMP.ieee, endpoint: 11, state: { state: 'ON' }, linkquality: 200, lastSeen: Date.now() });
    expect(await stateWith(name(), () => true, 'the first update block')).toEqual({
      state: 'idle',
      installed_version: -1,
      latest_version: -1,
      latest_source: null,
      latest_release_notes: null,
    });
    expect(z.messages.some((m) => m.topic === `homeassistant/update/${PLUG.ieee}/update/config`)).toBe(false);
  });

  it('should check, then update a bulb answering at the end with from and to, the state showing progress', async () => {
    expect(await request('check', { id: LAMP.ieee })).toMatchObject({ status: 'ok', data: { id: LAMP.ieee, update_available: true, downgrade: false } });
    expect(await stateWith(name(), (u) => u.state === 'available', 'available')).toMatchObject({ installed_version: 100, latest_version: 200 });
    const lamp = b.radio.ota.clients.get(LAMP.ieee)!;
    lamp.manual = true;
    const answer = request('update', { id: name() });
    await stateWith(name(), (u) => u.state === 'updating', 'updating');
    // One transfer at a time, in Zigbee2MQTT's words; REST's contract sees the same transfer.
    expect(await request('update', { id: LAMP.ieee })).toMatchObject({
      status: 'error',
      error: `Update or check for update already in progress for '${name()}'`,
    });
    b.radio.ota.step();
    expect(await stateWith(name(), (u) => u.progress === 25, '25 %')).toMatchObject({ state: 'updating', remaining: expect.any(Number) });
    for (let i = 0; i < 4; i += 1) b.radio.ota.step();
    expect(await answer).toMatchObject({ status: 'ok', data: { id: name(), from: { file_version: 100 }, to: { file_version: 200 } } });
    const done = await stateWith(name(), (u) => u.state === 'idle' && u.installed_version === 200, 'idle on the new version');
    expect(done.progress).toBeUndefined();
    expect(await request('update', { id: LAMP.ieee })).toMatchObject({ status: 'error', error: `Update of '${name()}' failed (No image currently available)` });
    lamp.manual = false;
  });

  it("should abort a running update, and schedule and unschedule a sleepy device's", async () => {
    const lamp = b.radio.ota.clients.get(LAMP.ieee)!;
    lamp.image = { fileVersion: 300, size: 4000 };
    lamp.manual = true;
    const answer = request('update', { id: LAMP.ieee });
    await stateWith(name(), (u) => u.state === 'updating' && u.latest_version === 300, 'updating to 300');
    expect(await request('update/abort', { id: LAMP.ieee })).toMatchObject({ status: 'ok', data: { id: LAMP.ieee } });
    expect((await answer).status).toBe('error');
    lamp.manual = false;
    expect(await request('schedule', { id: CLIMATE.ieee })).toMatchObject({ status: 'ok', data: { id: CLIMATE.ieee } });
    expect(b.radio.ota.scheduled(CLIMATE.ieee)).toBe(true);
    expect(await request('unschedule', { id: CLIMATE.ieee })).toMatchObject({ status: 'ok', data: { id: CLIMATE.ieee } });
    expect(b.radio.ota.scheduled(CLIMATE.ieee)).toBe(false);
  });

  it("should refuse what it does not do, in Zigbee2MQTT's words, changing nothing", async () => {
    expect(await request('check', { id: PLUG.ieee })).toMatchObject({ status: 'error', error: expect.stringContaining('does not support OTA updates') });
    expect(await request('check', { id: 'Nobody' })).toMatchObject({ status: 'error', error: "Device 'Nobody' does not exist" });
    expect(await request('update/downgrade', { id: LAMP.ieee }, 'update')).toMatchObject({ status: 'error', error: expect.stringContaining('never down') });
    expect(await request('update', { id: LAMP.ieee, url: 'https://example.invalid/image.ota' })).toMatchObject({
      status: 'error',
      error: expect.stringContaining("'url' and 'hex'"),
    });
    expect(await request('check', {})).toMatchObject({ status: 'error', error: expect.stringMatching(/^Invalid payload \(id\)/) });
    expect(b.radio.ota.busy(LAMP.ieee)).toBe(false);
  });
});
