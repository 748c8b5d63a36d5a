import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimesWithBridge } from './helpers/runtimes';
import { TEST_CLOCK_START } from './helpers/test-clock';

/** The clock writes deCONZ accepts, as the tests below send them (the test clock reads 2026-01-15T12:00:00 UTC). */
const CLOCK_WRITES = [{ utc: '2026-01-15T12:00:30' }, { UTC: '2026-03-01T08:00:00' }, { timezone: 'Europe/Berlin' }, { localtime: '2026-01-15T13:00:00' }];

const GOOD: Record<string, unknown> = {
  name: 'attic-gw',
  rfconnected: false,
  updatechannel: 'beta',
  permitjoin: 120,
  groupdelay: 5000,
  otauactive: true,
  discovery: true,
  zigbeechannel: 25,
  networkopenduration: 65535,
  timezone: 'America/New_York',
  timeformat: '24h',
  websocketnotifyall: false,
  disablePermitJoinAutoOff: true,
  lightlastseeninterval: 1,
};

const BAD: [string, unknown][] = [
  ['name', 'seventeen-chars!!'],
  ['name', 5],
  ['rfconnected', 'yes'],
  ['updatechannel', 'nightly'],
  ['permitjoin', 256],
  ['permitjoin', -1],
  ['permitjoin', 1.5],
  ['groupdelay', 5001],
  ['otauactive', 1],
  ['discovery', null],
  ['unlock', 601],
  ['unlock', '60'],
  ['zigbeechannel', 12],
  ['zigbeechannel', 0],
  ['networkopenduration', 0],
  ['timezone', 'Mars/Olympus'],
  ['timezone', '+01:00'],
  ['timezone', 3],
  ['timeformat', '13h'],
  ['websocketnotifyall', 'true'],
  ['lightlastseeninterval', 0],
  ['lightlastseeninterval', 65536],
  ['utc', '2026-01-01'],
  ['utc', '2026-02-30T10:00:00'],
  ['utc', '2026-01-01T24:00:00'],
  ['utc', '2026-01-01T00:00:00Z'],
  ['utc', 20260101],
  ['UTC', '2026-01-01 00:00:00'],
  ['localtime', '2026-13-01T00:00:00'],
];

// Radio settings go to a scripted bridge on a real broker, which both runtimes follow over MQTT.
describeOnRuntimesWithBridge(
  'PUT /api/<key>/config',
  (gw, bridge) => {
    let key: string;
    const put = (body: unknown, method = 'PUT') => gw().request(`/api/${key}/config`, jsonInit(method, body));
    const readConfig = async () => (await (await gw().request(`/api/${key}/config`)).json()) as Record<string, unknown>;

    beforeAll(async () => {
      key = await gw().createKey();
    });

    it('should apply every parameter and answer one success entry per key', async () => {
      const res = await put(GOOD);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^".+"$/);
      const body = (await res.json()) as { success: Record<string, unknown> }[];
      expect(body.map((item) => Object.entries(item.success)[0])).toEqual(Object.entries(GOOD).map(([k, v]) => [`/config/${k}`, v]));
      const config = await readConfig();
      // rfconnected false in the same body took the network down: an open search reads 0 meanwhile.
      const shown = { ...GOOD, permitjoin: 0 };
      for (const [name, value] of Object.entries(shown)) expect(config[name], name).toEqual(value);
      expect(bridge().info).toMatchObject({ rfconnected: false, network: { channel: 25 }, permit_join: { remaining: 120 } });
    });

    it('should also accept PATCH', async () => {
      expect((await put({ name: 'patched' }, 'PATCH')).status).toBe(200);
      expect((await readConfig()).name).toBe('patched');
    });

    it('should reset an empty name to the default', async () => {
      expect(await (await put({ name: '' })).json()).toEqual([{ success: { '/config/name': 'herdgate' } }]);
    });

    it.each(BAD)('should reject %s = %j with 400 type 7 and change nothing', async (name, value) => {
      const before = await readConfig();
      const body = await expectDeconzError(await put({ [name]: value }), 400, 7, `/config/${name}`);
      expect(body).toHaveLength(1);
      expect(body[0]?.error.description).toBe(`invalid value, ${typeof value === 'string' ? value : JSON.stringify(value)}, for parameter, ${name}`);
      const after = await readConfig();
      expect({ ...after, UTC: 0, localtime: 0, whitelist: 0 }).toEqual({ ...before, UTC: 0, localtime: 0, whitelist: 0 });
    });

    it('should report the first bad value in the fixed order and apply none of the earlier ones', async () => {
      const before = await readConfig();
      const body = await expectDeconzError(await put({ lightlastseeninterval: 0, name: 'fine', groupdelay: 99999 }), 400, 7, '/config/groupdelay');
      expect(body).toHaveLength(1);
      const after = await readConfig();
      expect(after.name).toBe(before.name);
      expect(after.lightlastseeninterval).toBe(before.lightlastseeninterval);
    });

    it('should ignore unknown keys, as deCONZ does', async () => {
      const res = await put({ frobnicate: true, name: 'known' });
      expect(await res.json()).toEqual([{ success: { '/config/name': 'known' } }]);
    });

    it('should answer utc, UTC and localtime as deCONZ does and keep the host clock', async () => {
      const answers = [];
      for (const body of CLOCK_WRITES) answers.push(await (await put(body)).json());
      expect(answers).toEqual([
        [{ success: { '/config/utc': '2026-01-15T12:00:30' } }],
        [{ success: { '/config/utc': '2026-03-01T08:00:00' } }],
        [{ success: { '/config/timezone': 'Europe/Berlin' } }],
        [{ success: { '/config/localtime': '2026-01-15T13:00:00' } }],
      ]);
      const config = await readConfig();
      expect(config).toMatchObject({ UTC: '2026-01-15T12:00:00', localtime: '2026-01-15T13:00:00' });
    });

    it('should answer invalid JSON with 400 type 2', async () => {
      await expectDeconzError(await put('{"name": "x"'), 400, 2, '');
      await expectDeconzError(await put(''), 400, 2, '');
      await expectDeconzError(await put('"just a string"'), 400, 2, '');
    });

    it('should hand permitjoin, channel changes and rfconnected to the radio', async () => {
      bridge().requests.length = 0;
      await put({ permitjoin: 60, zigbeechannel: 15, rfconnected: true });
      await put({ zigbeechannel: 15 });
      expect(bridge().requests).toEqual([
        { name: 'permit_join', data: { time: 60 } },
        { name: 'network/channel', data: { channel: 15 } },
        { name: 'network/connect', data: { connected: true } },
      ]);
    });

    it('should show linkbutton true during an unlock window', async () => {
      await put({ unlock: 10 });
      expect((await readConfig()).linkbutton).toBe(true);
      await gw().clock.advance(10_001);
      expect((await readConfig()).linkbutton).toBe(false);
    });

    // What the clock writes leave in the log (the gateway's log records, on both runtimes).
    it('should note the skew of each clock write and never apply it', async () => {
      // The skews below are against the clock's start (the tests above moved it).
      await gw().clock.set(TEST_CLOCK_START);
      const seen = (await gw().logs()).length;
      for (const body of CLOCK_WRITES) expect((await put(body)).status).toBe(200);
      const noted = (await gw().logs()).slice(seen).filter((l) => 'skewSeconds' in l);
      expect(noted.map((l) => [l.level, l.skewSeconds])).toEqual([
        [30, 30],
        [40, 3_873_600],
        [30, 0],
      ]);
    });
  },
  () => ({ LOG_LEVEL: 'info' }),
);
