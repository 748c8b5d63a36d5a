import { beforeAll, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { addDevice, awaitJson } from '../helpers/bridge-devices';
import { colorLamp } from '../helpers/devices';
import { listenEvents, type EventLog } from '../helpers/events';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { clipState, createClip, setClipState } from '../rules/clip-sensors';

/** A TH01: temperature and humidity on one endpoint, neither reported yet. */
const THERMOMETER: DeviceDescription = {
  ...colorLamp('0x00124b0022a1e0d1', 'Attic thermometer'),
  manufacturername: 'eWeLink',
  modelid: 'TH01',
  powersource: 'battery',
  subdevices: [
    {
      type: 'ZHATemperature',
      resource: 'sensors',
      uniqueid: '00:12:4b:00:22:a1:e0:d1-01-0402',
      endpoint: 1,
      state: ['temperature'],
      config: ['battery', 'on', 'reachable'],
    },
    {
      type: 'ZHAHumidity',
      resource: 'sensors',
      uniqueid: '00:12:4b:00:22:a1:e0:d1-01-0405',
      endpoint: 1,
      state: ['humidity'],
      config: ['battery', 'on', 'reachable'],
    },
  ],
};

/**
 * deCONZ writes the default of each generic item description into a new device resource
 * (temperature 0), and Home Assistant creates a sensor entity only for a value that is not null.
 * The default is a view: `lastupdated` stays "none", rules see no update, the first real value stamps.
 */
describeOnRuntimesWithBridge('device sensors show deCONZ item defaults until their device reports', (gw, bridge) => {
  let key: string;
  let events: EventLog;
  let sensor: string;
  let flag: string;
  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const timesTriggered = async (id: string) => ((await (await api(`/rules/${id}`)).json()) as { timestriggered: number }).timestriggered;
  async function rule(conditions: unknown[]): Promise<string> {
    const res = await api(
      '/rules',
      jsonInit('POST', { name: 'defaults', conditions, actions: [{ address: `/sensors/${flag}/state`, method: 'PUT', body: { flag: true } }] }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as [{ success: { id: string } }])[0].success.id;
  }

  beforeAll(async () => {
    key = await gw().createKey();
    events = await listenEvents(gw(), () => true);
    flag = await createClip(gw(), key, 'CLIPGenericFlag');
    await setClipState(gw(), key, flag, { flag: false });
    sensor = await addDevice(gw(), bridge(), key, THERMOMETER, 1, { lastupdated: 'none' });
  });

  it('should show temperature 0 with lastupdated none in GET and in the added event', async () => {
    const view = await awaitJson<{ state: Record<string, unknown> }>(gw(), key, `/sensors/${sensor}`, () => true);
    expect(view.state).toEqual({ temperature: 0, lastupdated: 'none' });
    const isAdded = (event: Record<string, unknown>) => event.e === 'added' && event.r === 'sensors' && event.id === sensor;
    await events.until((list) => list.some(isAdded));
    expect((events.events.find(isAdded)!.sensor as { state: unknown }).state).toEqual({ temperature: 0, lastupdated: 'none' });
  });

  it('should fire no rule from the default, and fire on the first real value, which stamps lastupdated', async () => {
    const dx = await rule([{ address: `/sensors/${sensor}/state/temperature`, operator: 'dx' }]);
    const gt = await rule([{ address: `/sensors/${sensor}/state/temperature`, operator: 'gt', value: 1000 }]);
    // A humidity report moves the shared endpoint's stamp; the temperature sensor still shows its default.
    await bridge().setState(THERMOMETER.ieee, 1, { humidity: 5500, lastupdated: '2026-01-15T12:00:01.000' });
    const humidity = THERMOMETER.subdevices[1]!.uniqueid;
    await awaitJson<Record<string, { uniqueid: string; state: { humidity?: unknown } }>>(gw(), key, '/sensors', (sensors) =>
      Object.values(sensors).some((s) => s.uniqueid === humidity && s.state.humidity === 5500),
    );
    await gw().idle();
    expect((await awaitJson(gw(), key, `/sensors/${sensor}`, () => true)).state).toEqual({ temperature: 0, lastupdated: 'none' });
    expect([await timesTriggered(dx), await timesTriggered(gt), (await clipState(gw(), key, flag)).flag]).toEqual([0, 0, false]);
    await bridge().setState(THERMOMETER.ieee, 1, { temperature: 2150, lastupdated: '2026-01-15T12:00:02.000' });
    await awaitJson<{ state: { temperature: unknown } }>(gw(), key, `/sensors/${sensor}`, (view) => view.state.temperature === 2150);
    await gw().idle();
    expect((await awaitJson(gw(), key, `/sensors/${sensor}`, () => true)).state).toEqual({ temperature: 2150, lastupdated: '2026-01-15T12:00:02.000' });
    expect([await timesTriggered(dx), await timesTriggered(gt), (await clipState(gw(), key, flag)).flag]).toEqual([1, 1, true]);
  });
});
