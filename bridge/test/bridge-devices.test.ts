import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeProcess, tempDataDir, type BridgeProcess } from './support/bridge-process';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';

/** Real devices of the virtual radio joining the real bridge, controlled and observed over MQTT. */
const THERMOSTAT = '0x000d6f000e5a00f1';
const CLIMATE = '0x00124b0022a100f2';
const BUTTON = '0x00124b0022a100f3';

describe('bridge devices', () => {
  let bridge: BridgeProcess;
  let probe: MqttProbe;
  const dataDir = tempDataDir();
  const bt = (leaf: string) => `herdgate/bridge/${bridge.bridgeId}/${leaf}`;
  const radio = async (path: string, init?: RequestInit) => (await fetch(`${bridge.radioControl}${path}`, init)).json() as Promise<any>;
  const act = (ieee: string, action: string, body: unknown) =>
    radio(`/devices/${ieee.slice(2)}/actions/${action}`, { method: 'POST', body: JSON.stringify(body) });
  const deviceTopic = (ieee: string) => `herdgate/devices/${ieee}`;

  beforeAll(async () => {
    const network = join(dataDir, 'network-def.json');
    writeFileSync(
      network,
      JSON.stringify({
        devices: [
          { model: 'Zen-01', ieee: THERMOSTAT.slice(2), name: 'Thermostat' },
          { model: 'TH01', ieee: CLIMATE.slice(2), name: 'Climate' },
          { model: 'WB01', ieee: BUTTON.slice(2), name: 'Button' },
        ],
      }),
    );
    bridge = await startBridgeProcess({ dataDir, env: { VIRTUAL_RADIO_NETWORK: network } });
    probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#']);
    await probe.publish(bt('request/permit_join'), { time: 60, transaction: 'join' });
    for (const ieee of [THERMOSTAT, CLIMATE, BUTTON]) {
      await probe.waitFor((m) => m.topic === bt('event') && m.json().type === 'interview_succeeded' && m.json().ieee === ieee, 40_000, `interview of ${ieee}`);
    }
  }, 90_000);
  afterAll(async () => {
    await probe?.close();
    await bridge?.stop();
  });

  it('should present joined devices as retained deCONZ device descriptions', async () => {
    // A late subscriber gets the description from the broker: it is retained.
    const late = await connectMqtt(bridge.mqttUrl, [deviceTopic(THERMOSTAT)]);
    const thermostat = await late.waitFor((m) => m.topic === deviceTopic(THERMOSTAT)).finally(() => late.close());
    expect(thermostat.retain).toBe(true);
    expect(thermostat.json()).toMatchObject({
      uniqueid: '00:0d:6f:00:0e:5a:00:f1',
      modelid: 'Zen-01',
      manufacturername: 'Zen Within',
      supported: true,
      availability: 'online',
      subdevices: [{ type: 'ZHAThermostat', resource: 'sensors', uniqueid: '00:0d:6f:00:0e:5a:00:f1-03-0201', endpoint: 3 }],
    });
    const climate = (await probe.waitFor((m) => m.topic === deviceTopic(CLIMATE) && m.json().interview === 'successful')).json();
    expect(climate.subdevices.map((s: { type: string }) => s.type).sort()).toEqual(['ZHAHumidity', 'ZHATemperature']);
  });

  it('should change the real device state with a set command and report it acknowledged', async () => {
    await probe.publish(`${deviceTopic(THERMOSTAT)}/3/set`, { heatsetpoint: 2150, transaction: 'warm' });
    const result = (await probe.waitFor((m) => m.topic === `${deviceTopic(THERMOSTAT)}/3/set/result` && m.json().transaction === 'warm')).json();
    expect(result).toEqual({ transaction: 'warm', status: 'ok', data: { acknowledged: true, sent: ['heatsetpoint'] } });
    const real = await radio(`/devices/${THERMOSTAT.slice(2)}`);
    expect(real.state.endpoints['3'].hvacThermostat.occupiedHeatingSetpoint).toBe(2150);
    const state = await probe.waitFor((m) => m.topic === `${deviceTopic(THERMOSTAT)}/3/state` && m.json().config.heatsetpoint === 2150);
    expect(state.json().config).toMatchObject({ heatsetpoint: 2150, reachable: true });
  });

  it('should publish a sensor report from the radio as deCONZ state', async () => {
    await act(CLIMATE, 'set', { temperature: 23.45, humidity: 40 });
    // The sensor reports within the reporting interval the converters configured, not at once.
    const report = await probe.waitFor(
      (m) => m.topic === `${deviceTopic(CLIMATE)}/1/state` && m.json().state.temperature === 2345,
      20_000,
      'temperature state',
    );
    expect(report.json().state.lastupdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
  }, 30_000);

  it('should publish a button press as a buttonevent on the event topic', async () => {
    await act(BUTTON, 'press', { button: 'button', kind: 'single' });
    const event = await probe.waitFor((m) => m.topic.startsWith(`${deviceTopic(BUTTON)}/`) && m.topic.endsWith('/event'), 10_000, 'button event');
    expect(event.retain).toBe(false);
    expect(event.json().state.buttonevent).toBe(1002);
  });

  it('should answer a command to an offline device with no_ack and mark it unreachable', async () => {
    await radio(`/devices/${THERMOSTAT.slice(2)}/offline`, { method: 'POST' });
    await probe.publish(`${deviceTopic(THERMOSTAT)}/3/set`, { heatsetpoint: 1800, transaction: 'cold' });
    const result = (await probe.waitFor((m) => m.topic === `${deviceTopic(THERMOSTAT)}/3/set/result` && m.json().transaction === 'cold', 20_000)).json();
    expect(result).toMatchObject({ status: 'error', error: { code: 'no_ack' } });
    expect(result.error.message).toContain(`set ${THERMOSTAT} ep 3 heatsetpoint=1800`);
    await probe.waitFor((m) => m.topic === deviceTopic(THERMOSTAT) && m.json().availability === 'offline', 5_000, 'offline description');
    await probe.waitFor((m) => m.topic === `${deviceTopic(THERMOSTAT)}/3/state` && m.json().config.reachable === false, 5_000, 'reachable false');
    await radio(`/devices/${THERMOSTAT.slice(2)}/online`, { method: 'POST' });
    await probe.waitFor(
      (m) => m.topic === deviceTopic(THERMOSTAT) && m.json().availability === 'online' && m.json().lastannounced !== null,
      10_000,
      'back online',
    );
  });

  it('should reject an item the device does not support, naming it', async () => {
    await probe.publish(`${deviceTopic(CLIMATE)}/1/set`, { on: true, transaction: 'sensor-on' });
    const result = (await probe.waitFor((m) => m.topic === `${deviceTopic(CLIMATE)}/1/set/result` && m.json().transaction === 'sensor-on')).json();
    expect(result).toMatchObject({ status: 'error', error: { code: 'not_supported', field: 'on' } });
  });

  it('should resume with the same devices after a restart', async () => {
    await probe.close();
    expect(await bridge.stop()).toBe(0);
    bridge = await startBridgeProcess({ dataDir });
    probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#']);
    const thermostat = (await probe.waitFor((m) => m.topic === deviceTopic(THERMOSTAT))).json();
    expect(thermostat.subdevices[0].type).toBe('ZHAThermostat');
    await probe.publish(`${deviceTopic(THERMOSTAT)}/3/set`, { heatsetpoint: 2000, transaction: 'after-restart' });
    const result = (
      await probe.waitFor((m) => m.topic === `${deviceTopic(THERMOSTAT)}/3/set/result` && m.json().transaction === 'after-restart', 15_000)
    ).json();
    expect(result.status).toBe('ok');
    const real = await radio(`/devices/${THERMOSTAT.slice(2)}`);
    expect(real.state.endpoints['3'].hvacThermostat.occupiedHeatingSetpoint).toBe(2000);
  });
});
