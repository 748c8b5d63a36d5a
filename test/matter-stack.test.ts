import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLine, spawnTs, type Child } from './helpers/child-process';
import { freePort } from './helpers/processes';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, realState, startSensorStack } from './sensors-support';
import { startMatterController, type MatterController } from './helpers/matter-controller';

/**
 * The Matter bridge end to end, over loopback only: the real stack (virtual radio, bridge, api),
 * the Matter process as `npm start` runs it, and a matter.js controller in this process that
 * commissions it by known address, reads the bridged endpoints, toggles and dims a light, moves
 * a blind, reads a climate sensor, a smoke alarm and a thermostat, sets the thermostat, toggles a
 * plug, gets a door opened at the radio as a subscription report, lets a second ecosystem pair
 * through a window opened over REST and removes its fabric again, and reconnects to the same
 * fabric after the Matter process restarts.
 */
const LIGHT = '0017880104a1c001';
const BLIND = '000b57fffe8a0006';
const DOOR = '00124b0022a1000a';
const PLUG = '000b57fffe8a0005';
const THERMOSTAT = '000d6f000e5a0007';
const CLIMATE = '00124b0022a10008';
const SMOKE = '00124b0022a1000e';
const DEVICES = [
  { model: 'LCT015', ieee: LIGHT },
  { model: 'FYRTUR-block-out-roller-blind', ieee: BLIND },
  { model: 'DS01', ieee: DOOR },
  { model: 'TRADFRI-control-outlet', ieee: PLUG },
  { model: 'Zen-01', ieee: THERMOSTAT },
  { model: 'TH01', ieee: CLIMATE },
  { model: 'SmokeSensor-N', ieee: SMOKE },
];
const PASSCODE = 20202021;

describe('matter: a controller commissions herdgate over loopback', () => {
  let stack: Stack;
  let matter: Child;
  let controller: MatterController;
  let dataDir: string;
  let port: number;
  const env = () => ({
    MQTT_URL: stack.mqttUrl,
    ...stack.mqttAccount,
    DATA_DIR: dataDir,
    MATTER_PORT: String(port),
    MATTER_LISTEN: 'loopback',
    MATTER_PASSCODE: String(PASSCODE),
    MATTER_DISCRIMINATOR: '3840',
    // A window opened on request closes by itself after this (180 s outside tests); long enough
    // for the second ecosystem's commissioning to begin on a loaded machine.
    MATTER_WINDOW_SECONDS: '4',
    LOG_LEVEL: 'info',
  });
  const startMatter = async () => {
    matter = spawnTs('matter/src/main.ts', [], env());
    return matter.line((line) => (jsonLine(line)?.event === 'matter-ready' ? jsonLine(line) : undefined), 60_000, 'the Matter bridge ready line');
  };

  const bridgedNumber = async (uniqueId: string) => {
    for (const [number, info] of await controller.bridged()) if (info.uniqueId === uniqueId) return number;
    throw new Error(`no bridged endpoint with uniqueId ${uniqueId}`);
  };
  const endpoints = (ieee: string) => realState<{ endpoints: Record<string, any> }>(stack, ieee).then((state) => state.endpoints);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'herdgate-matter-'));
    [stack, port] = await Promise.all([startSensorStack(DEVICES), freePort()]);
    await startMatter();
    controller = await startMatterController(join(dataDir, 'controller'), await freePort());
  }, 180_000);

  afterAll(async () => {
    await controller?.close();
    await matter?.stop();
    await stack?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('should show the pairing code in GET /matter and commission by known address', async () => {
    const before = await waitFor(
      async () => {
        const { status, body } = await stack.rest.get('/matter');
        return status === 200 ? (body as Record<string, unknown>) : undefined;
      },
      'GET /matter answered',
      20_000,
    );
    expect(before).toMatchObject({ pairingcode: '34970112332', port, commissioned: false, commissioning: true, fabrics: [] });
    expect(before.qrcode).toMatch(/^MT:/);
    await controller.commission({ port, passcode: PASSCODE });
    const after = await waitFor(
      async () => {
        const { body } = await stack.rest.get('/matter');
        return (body as { commissioned?: boolean }).commissioned ? (body as { fabrics: { label: string }[] }) : undefined;
      },
      'GET /matter shows the fabric',
      20_000,
    );
    expect(after.fabrics).toEqual([expect.objectContaining({ index: 1, label: 'herdgate test' })]);
  }, 90_000);

  it('should open a commissioning window on request and close it on request and after its timeout', async () => {
    const windowOpen = async (open: boolean) =>
      waitFor(
        async () => ((await stack.rest.get('/matter')).body as { commissioning?: boolean }).commissioning === open,
        `GET /matter commissioning ${open}`,
        10_000,
        50,
      );
    await windowOpen(false);
    expect(await stack.rest.put('/matter', { commissioning: true })).toEqual({ status: 200, body: [{ success: { '/matter/commissioning': true } }] });
    await windowOpen(true);
    expect(await stack.rest.put('/matter', { commissioning: false })).toEqual({ status: 200, body: [{ success: { '/matter/commissioning': false } }] });
    await windowOpen(false);
    await stack.rest.put('/matter', { commissioning: true });
    await windowOpen(true);
    await windowOpen(false);
  }, 30_000);

  it('should bridge every device under stable ids with REST names and reachability', async () => {
    const bridged = [...(await controller.bridged()).values()];
    const { body: lights } = await stack.rest.get('/lights');
    const ceiling = Object.values(lights as Record<string, { uniqueid: string; name: string }>).find((light) =>
      light.uniqueid.startsWith('00:17:88:01:04:a1:c0:01'),
    )!;
    expect(bridged).toEqual(
      expect.arrayContaining([
        { uniqueId: '0017880104a1c001-0b', nodeLabel: ceiling.name, reachable: true },
        expect.objectContaining({ uniqueId: '000b57fffe8a0006-01', reachable: true }),
        expect.objectContaining({ uniqueId: '00124b0022a1000a-01-0500', reachable: true }),
      ]),
    );
  }, 30_000);

  it('should toggle and dim a light through the bridge command path', async () => {
    const light = await bridgedNumber('0017880104a1c001-0b');
    const { OnOff, LevelControl } = await import('@matter/main/clusters');
    const wasOn = (await endpoints(LIGHT))['11'].genOnOff.onOff === 1;
    await controller.cluster<{ toggle(): Promise<void> }>(light, OnOff.Cluster).toggle();
    expect((await endpoints(LIGHT))['11'].genOnOff.onOff).toBe(wasOn ? 0 : 1);
    await controller
      .cluster<{ moveToLevelWithOnOff(request: unknown): Promise<void> }>(light, LevelControl.Cluster)
      .moveToLevelWithOnOff({ level: 77, transitionTime: 0, optionsMask: {}, optionsOverride: {} });
    const lamp = (await endpoints(LIGHT))['11'];
    expect(lamp.genLevelCtrl.currentLevel).toBe(77);
    expect(lamp.genOnOff.onOff).toBe(1);
  }, 30_000);

  it('should move the blind to a lift position', async () => {
    const blind = await bridgedNumber('000b57fffe8a0006-01');
    const { WindowCovering } = await import('@matter/main/clusters');
    await controller
      .cluster<{ goToLiftPercentage(request: unknown): Promise<void> }>(blind, WindowCovering.Cluster)
      .goToLiftPercentage({ liftPercent100thsValue: 4000 });
    await waitFor(async () => (await endpoints(BLIND))['1'].closuresWindowCovering?.currentPositionLiftPercentage === 40, 'the blind at 40 %', 20_000, 100);
  }, 30_000);

  // One device per kind of matter.js server state herdgate configures; the others share these (kinds.test.ts, to-matter.test.ts).
  it('should bridge the plug, the thermostat and the sensors with their Zigbee readings, and set the thermostat from Matter', async () => {
    const { OnOff, Thermostat, TemperatureMeasurement, RelativeHumidityMeasurement, SmokeCoAlarm } = await import('@matter/main/clusters');
    type Rest = { type: string; uniqueid: string; state: Record<string, unknown>; config: Record<string, unknown> };
    const { body: sensors } = await stack.rest.get('/sensors');
    const rest = (ieee: string, type: string) => {
      const mac = ieee.match(/../g)!.join(':');
      const found = Object.entries(sensors as Record<string, Rest>).find(([, sensor]) => sensor.type === type && sensor.uniqueid.startsWith(mac));
      if (!found) throw new Error(`no ${type} of ${ieee} in GET /sensors`);
      return { id: found[0], ...found[1] };
    };
    const read = async (ieee: string, type: string, cluster: unknown, attribute: string) => {
      const sensor = rest(ieee, type);
      const client = controller.cluster<Record<string, (fresh: boolean) => Promise<unknown>>>(await bridgedNumber(sensor.uniqueid.replace(/:/g, '')), cluster);
      return { sensor, value: await client[`get${attribute}Attribute`]!(true) };
    };
    const temperature = await read(CLIMATE, 'ZHATemperature', TemperatureMeasurement.Cluster, 'MeasuredValue');
    expect(temperature.value).toBe(temperature.sensor.state.temperature);
    const humidity = await read(CLIMATE, 'ZHAHumidity', RelativeHumidityMeasurement.Cluster, 'MeasuredValue');
    expect(humidity.value).toBe(humidity.sensor.state.humidity);
    expect((await read(SMOKE, 'ZHAFire', SmokeCoAlarm.Complete, 'SmokeState')).value).toBe(0);

    const heating = await read(THERMOSTAT, 'ZHAThermostat', Thermostat.Complete, 'OccupiedHeatingSetpoint');
    expect(heating.value).toBe(heating.sensor.config.heatsetpoint);
    const target = heating.value === 2250 ? 2300 : 2250;
    const thermostat = controller.cluster<Record<string, (value: number) => Promise<void>>>(
      await bridgedNumber(heating.sensor.uniqueid.replace(/:/g, '')),
      Thermostat.Complete,
    );
    await thermostat.setOccupiedHeatingSetpointAttribute!(target);
    await waitFor(
      async () => ((await stack.rest.get(`/sensors/${heating.sensor.id}`)).body as Rest).config.heatsetpoint === target,
      'the thermostat setpoint written from Matter in REST',
      20_000,
      100,
    );

    const plug = await bridgedNumber(`${PLUG}-01`);
    const wasOn = (await endpoints(PLUG))['1'].genOnOff.onOff === 1;
    await controller.cluster<{ toggle(): Promise<void> }>(plug, OnOff.Cluster).toggle();
    expect((await endpoints(PLUG))['1'].genOnOff.onOff).toBe(wasOn ? 0 : 1);
  }, 60_000);

  it('should report a door opened at the radio to the subscribed controller', async () => {
    const door = await bridgedNumber('00124b0022a1000a-01-0500');
    const opened = new Promise<void>((resolve) =>
      controller.onReport((report) => {
        if (report.endpoint === door && report.attribute === 'stateValue' && report.value === false) resolve();
      }),
    );
    await act(stack, DOOR, 'open');
    await opened;
  }, 30_000);

  it('should take a second ecosystem through a window opened over REST, both controlling, then remove its fabric', async () => {
    const { OnOff } = await import('@matter/main/clusters');
    const matterStatus = async () => (await stack.rest.get('/matter')).body as { commissioning: boolean; fabrics: { index: number; label: string }[] };
    const light = await bridgedNumber('0017880104a1c001-0b');
    const lampOn = async () => (await endpoints(LIGHT))['11'].genOnOff.onOff === 1;
    await stack.rest.put('/matter', { commissioning: true });
    const second = await startMatterController(join(dataDir, 'controller-2'), await freePort(), { id: 'herdgate-second-ecosystem', label: 'second ecosystem' });
    try {
      await second.commission({ port, passcode: PASSCODE });
      const both = await waitFor(
        async () => ((await matterStatus()).fabrics.length === 2 ? matterStatus() : undefined),
        'GET /matter lists two fabrics',
        20_000,
      );
      expect(both.fabrics).toEqual([
        expect.objectContaining({ index: 1, label: 'herdgate test' }),
        expect.objectContaining({ index: 2, label: 'second ecosystem' }),
      ]);
      // Pairing ends the window.
      expect(both.commissioning).toBe(false);
      const wasOn = await lampOn();
      await second.cluster<{ toggle(): Promise<void> }>(light, OnOff.Cluster).toggle();
      expect(await lampOn()).toBe(!wasOn);
      await controller.cluster<{ toggle(): Promise<void> }>(light, OnOff.Cluster).toggle();
      expect(await lampOn()).toBe(wasOn);

      expect(await stack.rest.delete('/matter/fabrics/2')).toEqual({ status: 200, body: [{ success: '/matter/fabrics/2 deleted.' }] });
      expect((await matterStatus()).fabrics).toEqual([expect.objectContaining({ index: 1, label: 'herdgate test' })]);
      expect(await stack.rest.delete('/matter/fabrics/2')).toMatchObject({ status: 404, body: [{ error: { address: '/matter/fabrics/2' } }] });
      // The first ecosystem keeps the bridge.
      await controller.cluster<{ toggle(): Promise<void> }>(light, OnOff.Cluster).toggle();
      expect(await lampOn()).toBe(!wasOn);
    } finally {
      await second.close();
    }
  }, 90_000);

  it('should keep the fabric and the endpoint numbers across a restart of the Matter process', async () => {
    const before = await controller.bridged();
    await matter.stop();
    expect(await startMatter()).toMatchObject({ commissioned: true, pairingcode: '34970112332' });
    await controller.reconnected(60_000);
    const after = await controller.bridged();
    expect([...after.entries()].map(([number, info]) => [number, info.uniqueId]).sort()).toEqual(
      [...before.entries()].map(([number, info]) => [number, info.uniqueId]).sort(),
    );
    const { body } = await stack.rest.get('/matter');
    expect(body).toMatchObject({ commissioned: true, fabrics: [expect.objectContaining({ index: 1 })] });
  }, 90_000);
});
