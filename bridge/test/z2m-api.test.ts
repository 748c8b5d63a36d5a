import { afterEach, describe, expect, it } from 'vitest';
import { LAMP, SWITCH, startZ2mHarness } from './support/z2m-harness';

type Harness = Awaited<ReturnType<typeof startZ2mHarness>>;
let h: Harness | undefined;
const clients: Array<{ mqtt: { endAsync: (force?: boolean) => Promise<void> } }> = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.mqtt.endAsync(true);
  await h?.stop();
  h = undefined;
});
const start = async () => {
  h = await startZ2mHarness();
  const probe = await h.client();
  clients.push(probe);
  return { h, probe };
};
const json = (payload: string) => JSON.parse(payload) as Record<string, unknown>;

describe('z2m api: entity and bridge topics', () => {
  it('should publish the retained bridge topics and availability in Zigbee2MQTT shapes', async () => {
    const { probe } = await start();
    const state = await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/state');
    expect([json(state.payload), state.retain]).toEqual([{ state: 'online' }, true]);
    const devices = JSON.parse((await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/devices')).payload) as Array<Record<string, any>>;
    expect(devices[0]).toMatchObject({ type: 'Coordinator', friendly_name: 'Coordinator' });
    const lamp = devices.find((d) => d.ieee_address === LAMP)!;
    expect(lamp).toMatchObject({
      friendly_name: 'Kitchen lamp',
      type: 'Router',
      supported: true,
      interview_state: 'SUCCESSFUL',
      definition: { model: 'LED1836G9', vendor: 'IKEA', supports_ota: true },
    });
    // Zigbee2MQTT's exposes: the bridge's own deCONZ expose is not among them.
    expect(lamp.definition.exposes.map((e: { name?: string; type: string }) => e.name ?? e.type)).toEqual(['light', 'linkquality']);
    expect(lamp.endpoints['1'].clusters).toEqual({
      input: ['genBasic', 'genIdentify', 'genGroups', 'genScenes', 'genOnOff', 'genLevelCtrl'],
      output: ['genOta'],
    });
    expect(devices.find((d) => d.ieee_address === SWITCH)!.endpoints['2'].name).toBe('right');
    const availability = await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp/availability');
    expect([json(availability.payload), availability.retain]).toEqual([{ state: 'online' }, true]);
    const groups = JSON.parse((await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/groups')).payload);
    expect(groups).toEqual([{ id: 5, friendly_name: 'group_5', scenes: [], members: [{ ieee_address: LAMP, endpoint: 1 }] }]);
    const info = json((await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/info')).payload);
    expect(info).toMatchObject({ network: { pan_id: 0x1a62, channel: 15 }, coordinator: { ieee_address: '0x00212effff000001' }, permit_join: false });
  });

  it('should publish bridge/info again only when what it shows changed, not on every command', async () => {
    const { h, probe } = await start();
    await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/info');
    // herdgate's own info moves on every command (its queue depth); Zigbee2MQTT's shows none of it.
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/set', JSON.stringify({ state: 'ON' }));
    h.bus.emit('infoChanged', {});
    await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).state === 'ON');
    // A report publishes after anything the command's infoChanged published on the same link.
    h.report(LAMP, 1, { brightness: 77 });
    await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).brightness === 77);
    expect(probe.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/info')).toHaveLength(1);
  });

  it('should publish a report as the full cached state, without the bridge-only keys', async () => {
    const { h, probe } = await start();
    h.report(LAMP, 1, { state: 'ON', brightness: 200, herdgate_only: 1 });
    h.report(LAMP, 1, { brightness: 100 });
    const message = await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).brightness === 100);
    expect(json(message.payload)).toEqual({ state: 'ON', brightness: 100 });
    expect(message.retain).toBe(false);
  });

  it('should keep what the converters report unexposed and drop what the bridge made itself', async () => {
    const { h, probe } = await start();
    // The lamp's converters report herdgate_only as well (as a Tuya valve's report `battery`).
    const definition = h.radio.device(LAMP)!.definition!;
    definition.z2m = { ...definition.z2m!, reported: ['herdgate_only'] };
    h.report(LAMP, 1, { state: 'ON', herdgate_only: 1, tamper: false, zone_state: 1 }, {}, ['tamper', 'zone_state']);
    h.report(LAMP, 1, { tamper: true });
    const message = await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).tamper === true);
    expect(json(message.payload)).toEqual({ state: 'ON', herdgate_only: 1, tamper: true });
  });

  it('should send a /set through the queue to the radio and show the new state', async () => {
    const { h, probe } = await start();
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/set', JSON.stringify({ state: 'ON', brightness: 128, transition: 1 }));
    await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).brightness === 128);
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/set', 'off');
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/set/brightness', '20');
    await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).brightness === 20);
    expect(h.sent).toEqual([
      { ieee: LAMP, endpoint: 1, values: { state: 'ON', brightness: 128, transition: 1 } },
      { ieee: LAMP, endpoint: 1, values: { state: 'off' } },
      { ieee: LAMP, endpoint: 1, values: { brightness: 20 } },
    ]);
    // The deCONZ side follows the same command.
    expect(h.registry.endpointState(LAMP, 1)?.state).toMatchObject({ bri: 20 });
  });

  it('should route endpoint keys and endpoint topics to their endpoint and answer state with the suffix', async () => {
    const { h, probe } = await start();
    await probe.mqtt.publishAsync('zigbee2mqtt/Hall switch/set', JSON.stringify({ state_right: 'ON' }));
    await probe.mqtt.publishAsync('zigbee2mqtt/Hall switch/left/set', JSON.stringify({ state: 'ON' }));
    await probe.next((m) => m.topic === 'zigbee2mqtt/Hall switch' && json(m.payload).state_left === 'ON');
    expect(h.sent).toEqual([
      { ieee: SWITCH, endpoint: 2, values: { state: 'ON' } },
      { ieee: SWITCH, endpoint: 1, values: { state: 'ON' } },
    ]);
    expect(json((await probe.next((m) => m.topic === 'zigbee2mqtt/Hall switch' && json(m.payload).state_left === 'ON')).payload)).toEqual({
      state_right: 'ON',
      state_left: 'ON',
    });
  });

  it('should ask the converters to read a /get', async () => {
    const { h, probe } = await start();
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/get', JSON.stringify({ state: '', brightness: '' }));
    await expect.poll(() => h.gets).toEqual([{ ieee: LAMP, endpoint: 1, keys: ['state', 'brightness'] }]);
  });

  it('should say a failed set on bridge/logging and not show it as state', async () => {
    const { h, probe } = await start();
    h.radioFails.set = new Error('no ACK');
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/set', JSON.stringify({ state: 'ON' }));
    const logged = json((await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/logging')).payload);
    expect(logged).toMatchObject({ level: 'error', message: expect.stringContaining("Publish 'set' 'state' to 'Kitchen lamp' failed") });
    expect(probe.messages.some((m) => m.topic === 'zigbee2mqtt/Kitchen lamp')).toBe(false);
  });

  it('should refuse a bad payload or an unknown entity on bridge/logging and send nothing', async () => {
    const { h, probe } = await start();
    await probe.mqtt.publishAsync('zigbee2mqtt/Kitchen lamp/set', '{"state":');
    await probe.mqtt.publishAsync('zigbee2mqtt/Nobody/set', '{"state":"ON"}');
    await probe.next((m) => m.topic === 'zigbee2mqtt/bridge/logging' && json(m.payload).message === "Entity 'Nobody' is unknown");
    expect(probe.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/logging').map((m) => json(m.payload).message)).toEqual([
      'Invalid message \'{"state":\', skipping...',
      "Entity 'Nobody' is unknown",
    ]);
    expect(h.sent).toEqual([]);
  });

  it('should groupcast a group /set and show the members the predicted state', async () => {
    const { probe } = await start();
    await probe.mqtt.publishAsync('zigbee2mqtt/group_5/set', JSON.stringify({ state: 'ON' }));
    await probe.next((m) => m.topic === 'zigbee2mqtt/group_5' && json(m.payload).state === 'ON');
    await probe.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && json(m.payload).state === 'ON');
  });
});
