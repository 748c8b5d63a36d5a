import { beforeAll, describe, expect, it } from 'vitest';
import { examples, type DeviceDescription } from '@herdgate/shared/mqtt';
import { addDevice, awaitId, awaitJson, restartFollowing } from '../helpers/bridge-devices';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { buildBundle, descFor, ddfFor, multipart } from '../helpers/ddf-bundle';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { listenEvents } from '../helpers/events';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { waitFor } from '../../../test/helpers/wait';

/**
 * The Devices API over real HTTP and WebSocket, on a scripted bridge (the cross-process
 * test in test/devices-*.test.ts runs it on the real bridge): the Device object and its item
 * stamps, device events, DDF policies, the generated DDF, introspection, install codes, and the
 * presses of a button sharing its endpoint with another sensor.
 */
const LAMP = colorLamp('0x0017880102a3b4c5', 'Desk lamp');
const MAC = '00:17:88:01:02:a3:b4:c5';
const BUTTON: DeviceDescription = {
  ...colorLamp('0x00124b0022a1300b', 'Bedside button'),
  manufacturername: 'eWeLink',
  modelid: 'WB01',
  productid: 'SNZB-01',
  powersource: 'battery',
  subdevices: [
    {
      type: 'ZHASwitch',
      resource: 'sensors',
      uniqueid: '00:12:4b:00:22:a1:30:0b-01-0006',
      endpoint: 1,
      state: ['buttonevent'],
      config: ['battery', 'reachable', 'on'],
      buttonevents: [1002, 1004, 1003],
    },
  ],
  endpoints: [{ id: 1, profile: 0x0104, device: 0, in: [0, 1, 3], out: [3, 6] }],
  bindings: [{ endpoint: 1, cluster: 1, reporting: [{ attribute: 0x21, min: 3600, max: 7200, change: 2 }] }],
};
/** A button and a thermometer on one endpoint. */
const PRESSES_IEEE = '0x00124b0022a1c0de';
const PRESSES_MAC = '00:12:4b:00:22:a1:c0:de';
const stamp = (second: number) => `2026-10-01T08:12:${String(second).padStart(2, '0')}.000`;

describeOnRuntimesWithBridge('devices', (gw, bridge) => {
  let key: string;
  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const json = async (path: string) => (await api(path)).json() as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    key = await gw().createKey();
    await addDevice(gw(), bridge(), key, LAMP, 11, LAMP_STATE);
    await addDevice(gw(), bridge(), key, BUTTON, 1, { buttonevent: 1002, lastupdated: '2026-01-15T11:58:10.000' });
  });

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/devices',
    unknownId: '/devices/00:00:00:00:00:00:00:01',
    write: { method: 'PUT', path: `/devices/${MAC}/ddf/policy` },
    wrongMethod: 'POST',
  });

  it('should list every paired device by MAC with colons', async () => {
    const res = await api('/devices');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(['00:12:4b:00:22:a1:30:0b', MAC]);
  });

  it('should answer the Device object with every field and stamped items', async () => {
    const device = await json(`/devices/${MAC.toUpperCase()}`);
    expect(device).toEqual({
      uniqueid: MAC,
      name: 'Desk lamp',
      manufacturername: 'Signify Netherlands B.V.',
      modelid: 'LCT015',
      productid: '9290012573A',
      swversion: '1.88.1',
      powersource: 'mains',
      lastannounced: '2026-01-15T11:00:00Z',
      lastseen: '2026-01-15T11:59Z',
      ddf_policy: 'latest_prefer_stable',
      subdevices: [
        {
          type: 'Extended color light',
          uniqueid: `${MAC}-0b`,
          config: {},
          state: Object.fromEntries(
            ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'reachable'].map((item) => [
              item,
              { value: LAMP_STATE[item as keyof typeof LAMP_STATE], lastupdated: '2026-01-15T11:59:00Z' },
            ]),
          ),
        },
      ],
    });
  });

  it('should stamp only the items that changed and push device events', async () => {
    const ws = await listenEvents(gw(), (event) => event.r === 'devices', { extensions: true });
    await bridge().setState(LAMP.ieee, 11, { bri: 42, lastupdated: '2026-01-15T12:03:07.250' });
    await ws.until((events) => events.length >= 2);
    const device = await json(`/devices/${MAC}`);
    const state = (device.subdevices as Array<{ state: Record<string, { value: unknown; lastupdated: string }> }>)[0].state;
    expect(state.bri).toEqual({ value: 42, lastupdated: '2026-01-15T12:03:07Z' });
    expect(state.on.lastupdated).toBe('2026-01-15T11:59:00Z');
    expect(device.lastseen).toBe('2026-01-15T12:03Z');
    expect(ws.events).toEqual(
      expect.arrayContaining([
        {
          t: 'event',
          e: 'changed',
          r: 'devices',
          id: MAC,
          uniqueid: MAC,
          subdevice: `${MAC}-0b`,
          state: { bri: { value: 42, lastupdated: '2026-01-15T12:03:07Z' } },
        },
        { t: 'event', e: 'changed', r: 'devices', id: MAC, uniqueid: MAC, attr: { lastseen: '2026-01-15T12:03Z' } },
      ]),
    );
    ws.events.length = 0;
    await bridge().describeDevice({ ...LAMP, name: 'Reading lamp' });
    await ws.until((events) => events.length >= 1);
    expect(ws.events[0]).toEqual({ t: 'event', e: 'changed', r: 'devices', id: MAC, uniqueid: MAC, attr: { name: 'Reading lamp' } });
    ws.close();
  });

  it('should change the sensors and full-state ETags when the button becomes unreachable, a write of nothing to the database', async () => {
    const button = await awaitId(gw(), key, 'sensors', BUTTON.subdevices[0]!.uniqueid);
    const stale = await Promise.all(['/sensors', ''].map(async (path) => (await api(path)).headers.get('etag')!));
    await bridge().describeDevice({ ...BUTTON, availability: 'offline' });
    await awaitJson(gw(), key, `/sensors/${button}`, (sensor) => sensor.config.reachable === false);
    for (const [i, path] of ['/sensors', ''].entries()) {
      const res = await api(path, { headers: { 'If-None-Match': stale[i]! } });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as Record<string, any>;
      expect((path === '' ? body.sensors : body)[button].config.reachable, path).toBe(false);
      expect((await api(path, { headers: { 'If-None-Match': res.headers.get('etag')! } })).status, path).toBe(304);
    }
    await bridge().describeDevice(BUTTON);
    await awaitJson(gw(), key, `/sensors/${button}`, (sensor) => sensor.config.reachable === true);
  });

  it('should push added and deleted events when a device joins and leaves', async () => {
    const ws = await listenEvents(gw(), (event) => event.r === 'devices', { extensions: true });
    const plug = colorLamp('0x000b57fffe8a0005', 'Plug');
    await bridge().addDevice(plug, 11, LAMP_STATE);
    await ws.until((events) => events.some((e) => e.e === 'added'));
    expect(ws.events.find((e) => e.e === 'added')).toMatchObject({
      r: 'devices',
      id: '00:0b:57:ff:fe:8a:00:05',
      device: { name: 'Plug', ddf_policy: 'latest_prefer_stable' },
    });
    await bridge().removeDevice(plug.ieee);
    await ws.until((events) => events.some((e) => e.e === 'deleted'));
    expect(ws.events.find((e) => e.e === 'deleted')).toEqual({
      t: 'event',
      e: 'deleted',
      r: 'devices',
      id: '00:0b:57:ff:fe:8a:00:05',
      uniqueid: '00:0b:57:ff:fe:8a:00:05',
    });
    await expectDeconzError(await api('/devices/00:0b:57:ff:fe:8a:00:05'), 404, 3, '/devices/00:0b:57:ff:fe:8a:00:05');
    ws.close();
  });

  describe('rename (herdgate extension)', () => {
    const HALL = colorLamp('0x000b57fffe8a0007', 'Hall lamp');
    const HALL_MAC = '00:0b:57:ff:fe:8a:00:07';
    const SECOND = { ...HALL.subdevices[0]!, uniqueid: `${HALL_MAC}-0c`, endpoint: 12 };
    const TWO_LIGHTS: DeviceDescription = { ...HALL, subdevices: [HALL.subdevices[0]!, SECOND] };
    const rename = (mac: string, body: unknown) => api(`/devices/${mac}`, jsonInit('PUT', body));
    const nameOf = async (path: string) => (await json(path)).name;

    it('should rename a device at the bridge, its lights and sensors following unless renamed on their own', async () => {
      const first = await addDevice(gw(), bridge(), key, TWO_LIGHTS, 11, LAMP_STATE);
      const second = await awaitId(gw(), key, 'lights', SECOND.uniqueid);
      expect([await nameOf(`/lights/${first}`), await nameOf(`/lights/${second}`)]).toEqual(['Hall lamp 1', 'Hall lamp 2']);
      await api(`/lights/${second}`, jsonInit('PUT', { name: 'Stairs' }));
      const ws = await listenEvents(gw(), (event) => event.e === 'changed' && (event.r === 'devices' || event.r === 'lights'), { extensions: true });
      const res = await rename(HALL_MAC.toUpperCase(), { name: 'Landing' });
      expect(await res.json()).toEqual([{ success: { [`/devices/${HALL_MAC}/name`]: 'Landing' } }]);
      // The api's own requests (options, memberships) may reach the bridge alongside.
      expect(
        bridge()
          .requests.filter((r) => r.name === 'device/rename')
          .at(-1),
      ).toEqual({ name: 'device/rename', data: { ieee: HALL.ieee, name: 'Landing' } });
      // Committed before the answer: read back at once.
      expect(await nameOf(`/devices/${HALL_MAC}`)).toBe('Landing');
      expect([await nameOf(`/lights/${first}`), await nameOf(`/lights/${second}`)]).toEqual(['Landing 1', 'Stairs']);
      await ws.until((events) => events.length >= 2);
      expect(ws.events).toEqual(
        expect.arrayContaining([
          { t: 'event', e: 'changed', r: 'devices', id: HALL_MAC, uniqueid: HALL_MAC, attr: { name: 'Landing' } },
          expect.objectContaining({ r: 'lights', id: first, attr: expect.objectContaining({ name: 'Landing 1' }) }),
        ]),
      );
      expect(ws.events.some((event) => event.r === 'lights' && event.id === second)).toBe(false);
      ws.close();
      const sensor = await awaitId(gw(), key, 'sensors', BUTTON.subdevices[0]!.uniqueid);
      const buttonMac = '00:12:4b:00:22:a1:30:0b';
      await rename(buttonMac, { name: 'Bedside switch' });
      expect(await nameOf(`/sensors/${sensor}`)).toBe('Bedside switch');
    });

    it('should refuse bad names with the error array and change nothing, and say when the bridge cannot take one', async () => {
      const count = bridge().requests.length;
      await expectDeconzError(await rename(HALL_MAC, {}), 400, 5, `/devices/${HALL_MAC}/name`);
      await expectDeconzError(await rename(HALL_MAC, { name: 7 }), 400, 7, `/devices/${HALL_MAC}/name`);
      await expectDeconzError(await rename(HALL_MAC, { name: 'x'.repeat(33) }), 400, 7, `/devices/${HALL_MAC}/name`);
      await expectDeconzError(await rename(HALL_MAC, { name: '   ' }), 400, 7, `/devices/${HALL_MAC}/name`);
      await expectDeconzError(await rename(HALL_MAC, { name: 'Ok', colour: 'red' }), 400, 6, `/devices/${HALL_MAC}/colour`);
      await expectDeconzError(await api(`/devices/${HALL_MAC}`, { method: 'PUT', body: '{"name":' }), 400, 2);
      await expectDeconzError(await rename('00:00:00:00:00:00:00:01', { name: 'Ghost' }), 404, 3, '/devices/00:00:00:00:00:00:00:01');
      expect(bridge().requests.length).toBe(count);
      bridge().requestScript.push({ status: 'error', code: 'busy', message: 'queue full' });
      await expectDeconzError(await rename(HALL_MAC, { name: 'Upstairs' }), 503, 951);
      expect(await nameOf(`/devices/${HALL_MAC}`)).toBe('Landing');
    });
  });

  describe('DDF', () => {
    it('should generate a devcap1 description from what the bridge knows', async () => {
      const ddf = await json('/devices/00:12:4b:00:22:a1:30:0b/ddf');
      expect(ddf).toMatchObject({
        schema: 'devcap1.schema.json',
        manufacturername: 'eWeLink',
        modelid: 'WB01',
        product: 'SNZB-01',
        sleeper: true,
        bindings: [{ bind: 'unicast', src: { ep: 1 }, cl: '0x0001', report: [{ at: '0x0021', dt: '0x20', min: 3600, max: 7200, change: '0x0002' }] }],
      });
      const [sub] = ddf.subdevices as Array<Record<string, unknown>>;
      expect(sub).toMatchObject({
        type: 'ZHASwitch',
        restapi: '/sensors',
        uuid: ['$address.ext', '0x01', '0x0006'],
        fingerprint: { profile: '0x0104', endpoint: '0x01', in: ['0x0000', '0x0001', '0x0003'], out: ['0x0003', '0x0006'] },
      });
      expect(sub.items).toEqual(
        expect.arrayContaining([
          { name: 'state/buttonevent' },
          { name: 'config/battery', awake: true, parse: { fn: 'zcl:attr', ep: 1, cl: '0x0001', at: '0x0021', eval: 'Item.val = Attr.val / 2' } },
        ]),
      );
      expect(await json('/devices/00:12:4b:00:22:a1:30:0b/ddffull')).toEqual(ddf);
      const lamp = await json(`/devices/${MAC}/ddf`);
      const items = (lamp.subdevices as Array<{ items: Array<Record<string, unknown>> }>)[0].items;
      expect(items.find((i) => i.name === 'state/bri')).toEqual({
        name: 'state/bri',
        parse: { fn: 'zcl:attr', ep: 11, cl: '0x0008', at: '0x0000', eval: 'Item.val = Attr.val' },
        read: { fn: 'zcl:attr', ep: 11, cl: '0x0008', at: '0x0000' },
        refresh: { interval: 3600 },
      });
    });

    it('should reload a device through the bridge', async () => {
      const res = await api(`/devices/${MAC}/ddf/reload`, { method: 'PUT' });
      expect(await res.json()).toEqual([{ success: { reload: MAC } }]);
      expect(bridge().requests.at(-1)).toEqual({ name: 'device/reload', data: { ieee: LAMP.ieee } });
      bridge().requestScript.push({ status: 'error', code: 'not_connected', message: 'network down' });
      await expectDeconzError(await api(`/devices/${MAC}/ddf/reload`, { method: 'PUT' }), 503, 950);
    });

    it('should store, show and honour a policy pinned to an uploaded bundle', async () => {
      const bundle = buildBundle({ desc: descFor('LCT015', 'Signify Netherlands B.V.', 'uuid-pin'), ddf: { ...ddfFor('LCT015'), product: 'Pinned LCT015' } });
      const { body, contentType } = multipart([{ name: 'ddfbundle', bytes: bundle, filename: 'b.ddb' }]);
      const uploaded = (await (await api('/ddf/bundles', { method: 'POST', headers: { 'Content-Type': contentType }, body })).json()) as [
        { success: { id: string } },
      ];
      const hash = uploaded[0].success.id;
      // A bundle for its model now applies under the default policy (latest_prefer_stable).
      expect((await json(`/devices/${MAC}`)).ddf_hash).toBe(hash);
      const res = await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', { policy: 'pin', hash: hash.toUpperCase() }));
      expect(await res.json()).toEqual([{ success: { [`/devices/${MAC}/ddf/policy`]: 'pin' } }, { success: { [`/devices/${MAC}/ddf/hash`]: hash } }]);
      expect(await json(`/devices/${MAC}`)).toMatchObject({ ddf_policy: 'pin', ddf_hash: hash });
      expect((await json(`/devices/${MAC}/ddf`)).product).toBe('Pinned LCT015');

      const raw = await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', { policy: 'raw_json' }));
      expect(await raw.json()).toEqual([{ success: { [`/devices/${MAC}/ddf/policy`]: 'raw_json' } }]);
      const device = await json(`/devices/${MAC}`);
      expect(device.ddf_policy).toBe('raw_json');
      expect(device.ddf_hash).toBeUndefined();
      expect((await json(`/devices/${MAC}/ddf`)).path).toBe('generated/9290012573A.json');

      await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', { policy: 'pin', hash }));
      await restartFollowing(gw(), key);
      // The bridge's retained description comes back over MQTT after the restart.
      await waitFor(async () => (await api(`/devices/${MAC}`)).status === 200, 'the device back after the restart');
      expect(await json(`/devices/${MAC}`)).toMatchObject({ ddf_policy: 'pin', ddf_hash: hash });
    });

    it('should follow the newest matching bundle under latest', async () => {
      const upload = async (uuid: string) => {
        const { body, contentType } = multipart([
          {
            name: 'ddfbundle',
            bytes: buildBundle({ desc: descFor('WB01', 'eWeLink', uuid), ddf: { ...ddfFor('WB01', 'eWeLink'), product: uuid } }),
            filename: 'b.ddb',
          },
        ]);
        return (
          (await (await api('/ddf/bundles', { method: 'POST', headers: { 'Content-Type': contentType }, body })).json()) as [{ success: { id: string } }]
        )[0].success.id;
      };
      const button = '00:12:4b:00:22:a1:30:0b';
      await upload('uuid-wb01-old');
      const newest = await upload('uuid-wb01-new');
      expect((await api(`/devices/${button}/ddf/policy`, jsonInit('PUT', { policy: 'latest' }))).status).toBe(200);
      expect(await json(`/devices/${button}`)).toMatchObject({ ddf_policy: 'latest', ddf_hash: newest });
      expect((await json(`/devices/${button}/ddf`)).product).toBe('uuid-wb01-new');
    });

    it('should refuse a bad policy, a pin without or with a bad hash, and an unknown device', async () => {
      await expectDeconzError(await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', { policy: 'newest' })), 400, 7, `/devices/${MAC}/ddf/policy`);
      await expectDeconzError(await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', { policy: 'pin' })), 400, 5, `/devices/${MAC}/ddf/hash`);
      await expectDeconzError(await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', { policy: 'pin', hash: 'abc' })), 400, 7, `/devices/${MAC}/ddf/hash`);
      await expectDeconzError(await api(`/devices/${MAC}/ddf/policy`, jsonInit('PUT', {})), 400, 5, `/devices/${MAC}/ddf/policy`);
      await expectDeconzError(await api('/devices/00:00:00:00:00:00:00:09/ddf/policy', jsonInit('PUT', { policy: 'latest' })), 404, 3);
      expect((await json(`/devices/${MAC}`)).ddf_policy).toBe('pin');
    });
  });

  describe('introspection', () => {
    it('should describe items, and the real buttons of a switch', async () => {
      expect(await json(`/devices/${MAC}-0b/state/bri/introspect`)).toEqual({ type: 'uint8', minval: 0, maxval: 255 });
      expect(await json('/devices/00:12:4b:00:22:a1:30:0b-01-0006/config/battery/introspect')).toEqual({ type: 'uint8', minval: 0, maxval: 100 });
      expect(await json('/devices/00:12:4b:00:22:a1:30:0b-01-0006/state/buttonevent/introspect')).toEqual({
        type: 'int32',
        buttons: { 1: { name: 'Button 1' } },
        values: { 1002: { button: 1, action: 'SHORT_RELEASE' }, 1003: { button: 1, action: 'LONG_RELEASE' }, 1004: { button: 1, action: 'DOUBLE_PRESS' } },
      });
      expect(await json(`/devices/${MAC}/introspect`)).toEqual({ introspect: false });
      await expectDeconzError(await api(`/devices/${MAC}-0b/state/temperature/introspect`), 404, 3);
      await expectDeconzError(await api(`/devices/${MAC}-0b/foo/bri/introspect`), 404, 3);
      await expectDeconzError(await api('/devices/00:00:00:00:00:00:00:09-01/state/on/introspect'), 404, 3);
    });
  });

  describe('install codes', () => {
    const put = (mac: string, body: unknown) => api(`/devices/${mac}/installcode`, jsonInit('PUT', body));

    it('should check the code, answer its MMO hash and hand it to the bridge', async () => {
      const res = await put('0017880102A3B4FF', { installcode: '83FED3407A939723A5C639B26916D505C3B5' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: { installcode: '83FED3407A939723A5C639B26916D505C3B5', mmohash: '66b6900981e1ee3ca4206b6b861c02bb' } });
      expect(bridge().requests.at(-1)).toEqual({
        name: 'device/install_code',
        data: { ieee: '0x0017880102a3b4ff', code: '83fed3407a939723a5c639b26916d505c3b5' },
      });
    });

    it('should refuse a wrong CRC, a wrong size, non-hex, a missing code and a bad MAC', async () => {
      const count = bridge().requests.length;
      await expectDeconzError(
        await put('0017880102a3b4ff', { installcode: '83FED3407A939723A5C639B26916D505C3B6' }),
        400,
        7,
        '/devices/0017880102a3b4ff/installcode',
      );
      await expectDeconzError(await put('0017880102a3b4ff', { installcode: '83FED3407A939723A5C639B2' }), 400, 7);
      await expectDeconzError(await put('0017880102a3b4ff', { installcode: 'zz'.repeat(18) }), 400, 7);
      await expectDeconzError(await put('0017880102a3b4ff', { installcode: 83 }), 400, 7);
      await expectDeconzError(await put('0017880102a3b4ff', {}), 400, 5);
      await expectDeconzError(await put('0017880102a3b4', { installcode: '83FED3407A939723A5C639B26916D505C3B5' }), 404, 3);
      expect(bridge().requests.length).toBe(count);
    });

    it('should say so when the bridge cannot take the code', async () => {
      bridge().requestScript.push({ status: 'error', code: 'not_connected', message: 'bridge away' });
      await expectDeconzError(await put('0017880102a3b4ff', { installcode: '83FED3407A939723A5C639B26916D505C3B5' }), 503, 950);
    });
  });

  /**
   * Presses of a device sensor whose endpoint also carries another sensor: the bridge's retained
   * endpoint state repeats the last `buttonevent` with every report of the other one, and only the
   * event topic says a button was pressed.
   */
  describe('device sensor presses', () => {
    let button: string;
    let thermometer: string;

    beforeAll(async () => {
      await bridge().describeDevice({
        ...examples.device,
        ieee: PRESSES_IEEE,
        uniqueid: PRESSES_MAC,
        name: 'Button with thermometer',
        modelid: 'BT01',
        powersource: 'battery',
        subdevices: [
          {
            type: 'ZHASwitch',
            resource: 'sensors',
            uniqueid: `${PRESSES_MAC}-01-0006`,
            endpoint: 1,
            state: ['buttonevent'],
            config: ['battery', 'reachable', 'on'],
          },
          {
            type: 'ZHATemperature',
            resource: 'sensors',
            uniqueid: `${PRESSES_MAC}-01-0402`,
            endpoint: 1,
            state: ['temperature'],
            config: ['battery', 'reachable', 'on'],
          },
        ],
      });
      button = await awaitId(gw(), key, 'sensors', `${PRESSES_MAC}-01-0006`);
      thermometer = await awaitId(gw(), key, 'sensors', `${PRESSES_MAC}-01-0402`);
    });

    it('should push each press once and never repeat the last one for a report of the other sensor', async () => {
      const ws = await listenEvents(
        gw(),
        (event) => event.r === 'sensors' && event.id === button && (event.state as Record<string, unknown> | undefined)?.buttonevent !== undefined,
      );
      const presses = () => ws.events.map((e) => (e.state as Record<string, unknown>).lastupdated);
      const config = { battery: 90, reachable: true, on: true };
      const press = async (second: number, temperature: number) => {
        // As the bridge publishes a press: the retained endpoint state, then the event.
        await bridge().publishState(PRESSES_IEEE, 1, { state: { buttonevent: 1002, temperature, lastupdated: stamp(second) }, config } as never);
        await bridge().publishEvent(PRESSES_IEEE, 1, { buttonevent: 1002, lastupdated: stamp(second) });
        await ws.until(() => presses().includes(stamp(second)));
      };
      try {
        await press(1, 2000);
        // A temperature report: the retained state still holds the press of second 1.
        await bridge().publishState(PRESSES_IEEE, 1, { state: { buttonevent: 1002, temperature: 2100, lastupdated: stamp(5) }, config } as never);
        const reported = await awaitJson(gw(), key, `/sensors/${thermometer}`, (sensor) => sensor.state.temperature === 2100);
        expect(reported.state).toMatchObject({ temperature: 2100, lastupdated: stamp(5) });
        await press(9, 2100);
        expect(presses()).toEqual([stamp(1), stamp(9)]);
      } finally {
        ws.close();
      }
    });
  });
});
