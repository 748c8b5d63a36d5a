import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError } from '../api/test/helpers/conformance';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, herdsmanIeee, startSensorStack } from './sensors-support';

/**
 * The Devices API on the real stack (virtual radio, bridge with herdsman in a child process, api
 * with its libSQL file): device views and events from the bridge, a DDF generated from the
 * bindings the bridge really configured, a switch's real buttons, and install-code pairing of
 * the Zigbee 3.0 plug that only joins with the link key derived from its code.
 */
const BUTTON = '00124b0022a1400b';
const CLIMATE = '00124b0022a14008';
const PLUG = '5c0272fffe0a400e';
const DOOR = '00124b0022a1400a';
/** The plug's label (bridge/virtual-radio/catalogue/SP220.json). */
const PLUG_CODE = 'B7E2410DC39F5A8E6D2C1F07A4E9C35B0238';
const macOf = (ieee: string) => ieee.match(/../g)!.join(':');

describe('devices on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'WB01', ieee: BUTTON },
      { model: 'TH01', ieee: CLIMATE },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}/?events=all`);
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  const device = async (mac: string) => (await stack.rest.get(`/devices/${mac}`)).body as Record<string, any>;

  it('should list the paired devices and answer each Device object', async () => {
    const { status, body } = await stack.rest.get('/devices');
    expect(status).toBe(200);
    expect(body).toEqual([macOf(CLIMATE), macOf(BUTTON)].sort());
    const climate = await device(macOf(CLIMATE));
    expect(climate).toMatchObject({
      uniqueid: macOf(CLIMATE),
      manufacturername: 'eWeLink',
      modelid: 'TH01',
      productid: 'SNZB-02',
      ddf_policy: 'latest_prefer_stable',
      lastseen: expect.stringMatching(/Z$/),
    });
    const types = (climate.subdevices as Array<{ type: string; state: Record<string, { value: unknown; lastupdated: string }> }>).map((s) => s.type).sort();
    expect(types).toEqual(['ZHAHumidity', 'ZHATemperature']);
    expect((await stack.rest.get('/devices/00:00:00:00:00:00:00:01')).status).toBe(404);
  });

  it('should stamp a press on the button and push it as a device event', async () => {
    ws.events.length = 0;
    await act(stack, BUTTON, 'press', { button: 'button', kind: 'double' });
    const event = await waitFor(
      () => ws.events.find((e) => e.r === 'devices' && e.e === 'changed' && (e.state as any)?.buttonevent),
      'a devices event for the press',
      15_000,
    );
    expect(event).toMatchObject({
      id: macOf(BUTTON),
      subdevice: `${macOf(BUTTON)}-01-0006`,
      state: { buttonevent: { value: 1004, lastupdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) } },
    });
    const sub = (await device(macOf(BUTTON))).subdevices[0];
    expect(sub.state.buttonevent.value).toBe(1004);
  });

  it('should describe the real buttons and the configured reporting', async () => {
    const { body } = await stack.rest.get(`/devices/${macOf(BUTTON)}-01-0006/state/buttonevent/introspect`);
    expect(body).toMatchObject({
      type: 'int32',
      buttons: { 1: { name: 'Button 1' } },
      values: { 1002: { button: 1, action: 'SHORT_RELEASE' }, 1004: { button: 1, action: 'DOUBLE_PRESS' } },
    });
    const ddf = (await stack.rest.get(`/devices/${macOf(CLIMATE)}/ddf`)).body as Record<string, any>;
    expect(ddf).toMatchObject({ schema: 'devcap1.schema.json', modelid: 'TH01', sleeper: true });
    const bound = (ddf.bindings as Array<{ cl: string; report?: unknown[] }>).map((b) => b.cl);
    expect(bound).toEqual(expect.arrayContaining(['0x0402', '0x0405']));
    expect(ddf.bindings.find((b: { cl: string }) => b.cl === '0x0402').report[0]).toMatchObject({ at: '0x0000', dt: '0x29' });
  });

  it('should reload a device: identity read again, binds and reporting re-applied, items read back', async () => {
    await radioControl(stack.radio.control, 'DELETE', '/counters');
    const { status, body } = await stack.rest.put(`/devices/${macOf(CLIMATE)}/ddf/reload`, {});
    expect(status).toBe(200);
    expect(body).toEqual([{ success: { reload: macOf(CLIMATE) } }]);
    // genBasic read, binds and reporting for temperature, humidity and battery, then the reads back.
    const counters = await radioControl<{ nwk: Record<string, number> }>(stack.radio.control, 'GET', '/counters');
    expect(Object.values(counters.nwk).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7);
    expect((await stack.rest.put('/devices/00:00:00:00:00:00:00:01/ddf/reload', {})).status).toBe(404);
  });

  it('should pair the install-code plug only once its code was given', async () => {
    // The plug first in the pool, a door sensor after it: when the door sensor has joined, the
    // plug was offered the open network first and refused: the link key it was given is not its own.
    await radioControl(stack.radio.control, 'POST', '/devices', { model: 'SP220', ieee: PLUG });
    await radioControl(stack.radio.control, 'POST', '/devices', { model: 'DS01', ieee: DOOR });
    await expectDeconzError(
      await fetch(`${stack.rest.base}/api/${stack.rest.key}/devices/${PLUG}/installcode`, {
        method: 'PUT',
        body: JSON.stringify({ installcode: `${PLUG_CODE.slice(0, -1)}9` }),
      }),
      400,
      7,
    );
    // A valid code, but not the plug's: the coordinator takes it, the plug still cannot authenticate.
    expect((await stack.rest.put(`/devices/${PLUG}/installcode`, { installcode: '83FED3407A939723A5C639B26916D505C3B5' })).status).toBe(200);
    expect((await stack.rest.put('/config', { permitjoin: 120 })).status).toBe(200);
    await waitFor(
      () => stack.api.services.devices.entry(macOf(DOOR))?.description.interview === 'successful' || undefined,
      'the door sensor paired',
      60_000,
      100,
    );
    const pool = (await radioControl<{ pool: Array<{ ieee: string }> }>(stack.radio.control, 'GET', '/devices')).pool;
    expect(pool.map((p) => p.ieee)).toEqual([PLUG]);
    expect((await stack.rest.get(`/devices/${macOf(PLUG)}`)).status).toBe(404);

    const { status, body } = await stack.rest.put(`/devices/${PLUG}/installcode`, { installcode: PLUG_CODE });
    expect(status).toBe(200);
    expect(body).toEqual({ success: { installcode: PLUG_CODE, mmohash: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    await waitFor(
      () => (stack.api.services.devices.entry(macOf(PLUG))?.description.subdevices.length ?? 0) > 0 || undefined,
      'the plug paired with its install code',
      60_000,
      100,
    );
    const plug = await device(macOf(PLUG));
    expect(plug).toMatchObject({ manufacturername: 'innr', modelid: 'SP 220', subdevices: [{ type: 'On/Off plug-in unit', uniqueid: `${macOf(PLUG)}-01` }] });
    expect(ws.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ e: 'added', r: 'devices', id: macOf(PLUG) }),
        expect.objectContaining({
          e: 'changed',
          r: 'devices',
          id: macOf(PLUG),
          attr: expect.objectContaining({ modelid: 'SP 220', subdevices: [expect.objectContaining({ type: 'On/Off plug-in unit' })] }),
        }),
      ]),
    );
    expect(stack.api.services.bridge.devices().get(herdsmanIeee(PLUG))?.interview).toBe('successful');
    await stack.rest.put('/config', { permitjoin: 0 });
  }, 150_000);
});
