import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJoinedBridge, type JoinedBridge } from './support/joined-bridge';
import type { MqttMessage } from '../../test/helpers/clients';
import { INITIAL_READS } from '../src/zigbee/initial-reads';

/**
 * Items a device only reports on change are known right after pairing: the bridge reads battery
 * and thermostat config once after configure (and again on device/refresh). Real bridge, real
 * herdsman, virtual radio.
 */
const THERMOSTAT = '0x000d6f000e5a20f1';
const DOOR = '0x00124b0022a1200a';
const KEYPAD = '0x000d6f000e5a200d';
const SHADE = '0x54ef441000a60016';
const THERMOMETER = '0x00124b0022a6e0f1';
const SWITCH_MODULE = '0x001fee00000ae0f2';

describe('bridge initial reads', () => {
  let g: JoinedBridge;
  const lastState = (ieee: string, ep: number) =>
    g.probe.messages
      .filter((m) => m.topic === g.dt(ieee, `${ep}/state`))
      .at(-1)
      ?.json();
  const stateWith = (ieee: string, ep: number, test: (s: any) => boolean, what: string, from = 0) =>
    g.probe.waitFor((m: MqttMessage) => g.probe.messages.indexOf(m) >= from && m.topic === g.dt(ieee, `${ep}/state`) && test(m.json()), 10_000, what);

  beforeAll(async () => {
    g = await startJoinedBridge([
      { model: 'Zen-01', ieee: THERMOSTAT },
      { model: 'DS01', ieee: DOOR },
      { model: '3400', ieee: KEYPAD },
      { model: 'lumi.curtain.acn002', ieee: SHADE },
      { model: 'TH01', ieee: THERMOMETER },
      { model: 'S2-5502', ieee: SWITCH_MODULE },
    ]);
  }, 120_000);
  afterAll(async () => {
    await g?.close();
  });

  it('should publish the thermostat config the device holds without waiting for a report', async () => {
    // The catalogue Zen-01 holds heating 21.00, cooling 26.00, mode heat, fan auto, calibration 0.
    const state = await stateWith(THERMOSTAT, 3, (s) => s.config.heatsetpoint !== undefined && s.config.fanmode !== undefined, 'thermostat config');
    expect(state.json().config).toMatchObject({ heatsetpoint: 2100, coolsetpoint: 2600, mode: 'heat', fanmode: 'auto', offset: 0, on: true });
    // 20.50 in the catalogue, drifting toward the heating setpoint while it heats.
    expect(lastState(THERMOSTAT, 3).state.temperature).toBeGreaterThanOrEqual(2050);
    expect(lastState(THERMOSTAT, 3).state.temperature).toBeLessThanOrEqual(2100);
  });

  it('should publish battery percentage after pairing, then follow battery reports', async () => {
    await stateWith(DOOR, 1, (s) => s.config.battery === 100, 'door battery after pairing');
    const from = g.probe.messages.length;
    await g.act(DOOR, 'set', { battery: 40 });
    await stateWith(DOOR, 1, (s) => s.config.battery === 40, 'door battery report', from);
  });

  it('should derive the keypad battery from its voltage and present no presence sensor', async () => {
    const description = g.probe.messages
      .filter((m) => m.topic === g.dt(KEYPAD))
      .at(-1)!
      .json();
    expect(description.subdevices.map((s: { type: string }) => s.type).sort()).toEqual(['ZHAAncillaryControl', 'ZHATemperature']);
    const keypad = description.subdevices.find((s: { type: string }) => s.type === 'ZHAAncillaryControl');
    expect(keypad.config).toContain('battery');
    await stateWith(KEYPAD, keypad.endpoint, (s) => s.config.battery === 100, 'keypad battery from 3.0 V');
  });

  it("should publish what the definition's configure read before the interview was announced", async () => {
    // The roller shade's battery sits in Lumi's cluster (0x040a); the only read of it is the one
    // its definition's configure makes, whose answer arrives before the device has sub-devices.
    expect(INITIAL_READS.some((row) => row.attribute === 0x040a)).toBe(false);
    const description = g.probe.messages
      .filter((m) => m.topic === g.dt(SHADE))
      .at(-1)!
      .json();
    const battery = description.subdevices.find((s: { type: string }) => s.type === 'ZHABattery');
    expect(battery).toMatchObject({ endpoint: 1 });
    expect((await g.real(SHADE)).endpoints['1'].manuSpecificLumi.battery).toBe(80);
    await stateWith(SHADE, 1, (s) => s.state.battery === 80 && s.config.battery === 80, 'the shade battery read during configure');
  });

  it('should publish what a sensor measures at pairing, before it reports: every reported attribute is read once', async () => {
    // The catalogue TH01 holds 21.50 °C and 45 % and reports only on change; nothing changes here.
    await stateWith(THERMOMETER, 1, (s) => s.state.temperature === 2150, 'the temperature read after pairing');
    await stateWith(THERMOMETER, 1, (s) => s.state.humidity === 4500, 'the humidity read after pairing');
    expect(g.probe.messages.some((m) => m.topic === g.dt(THERMOMETER, '1/event'))).toBe(false);
  });

  it('should publish the power of a switch module at pairing, from the demand it is configured to report', async () => {
    const description = g.probe.messages
      .filter((m) => m.topic === g.dt(SWITCH_MODULE))
      .at(-1)!
      .json();
    const power = description.subdevices.find((s: { type: string }) => s.type === 'ZHAPower');
    expect(power).toMatchObject({ endpoint: 5 });
    await stateWith(SWITCH_MODULE, 5, (s) => s.state.power === 0, 'the switch module power read after pairing');
  });

  it('should follow the active power a switch module reports, which its definition neither binds nor reads', async () => {
    const from = g.probe.messages.length;
    await g.act(SWITCH_MODULE, 'set', { power: 7 });
    await stateWith(SWITCH_MODULE, 5, (s) => s.state.power === 7, 'the reported 7 W', from);
  });

  it('should read battery again on device/refresh when a report was lost', async () => {
    const fault = await g.radio('/faults', { method: 'POST', body: { kind: 'no-ack', ieee: DOOR.slice(2) } });
    try {
      await g.act(DOOR, 'set', { battery: 64 });
    } finally {
      await g.radio(`/faults/${fault.id}`, { method: 'DELETE' });
    }
    expect(lastState(DOOR, 1).config.battery).not.toBe(64);
    const from = g.probe.messages.length;
    expect(await g.request('device/refresh', { ieee: DOOR })).toMatchObject({ status: 'ok' });
    await stateWith(DOOR, 1, (s) => s.config.battery === 64, 'refreshed battery', from);
  });
});
