import { beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimes, RUNTIMES } from './helpers/runtimes';

/** The gateway-configuration table of gateway-rest-api.md. */
const SPEC_FIELDS = [
  'apiversion',
  'bridgeid',
  'devicename',
  'dhcp',
  'fwversion',
  'gateway',
  'ipaddress',
  'linkbutton',
  'localtime',
  'mac',
  'modelid',
  'name',
  'netmask',
  'networkopenduration',
  'panid',
  'portalservices',
  'proxyaddress',
  'proxyport',
  'rfconnected',
  'swupdate',
  'swversion',
  'timeformat',
  'timezone',
  'UTC',
  'uuid',
  'websocketnotifyall',
  'websocketport',
  'whitelist',
  'zigbeechannel',
];
const PUBLIC_FIELDS = [
  'apiversion',
  'bridgeid',
  'datastoreversion',
  'devicename',
  'factorynew',
  'mac',
  'modelid',
  'name',
  'replacesbridgeid',
  'starterkitid',
  'swversion',
];

describeOnRuntimes(
  'config reads',
  (gw) => {
    let key: string;

    beforeAll(async () => {
      key = await gw().createKey();
    });

    describe('GET /api/<key>/config', () => {
      it('should carry every field of the specification with values of the right form', async () => {
        const res = await gw().request(`/api/${key}/config`);
        expect(res.status).toBe(200);
        const config = (await res.json()) as Record<string, unknown>;
        for (const field of SPEC_FIELDS) expect(config, field).toHaveProperty(field);
        expect(config.bridgeid).toMatch(/^[0-9A-F]{16}$/);
        expect(config.mac).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
        expect(config.uuid).toMatch(/^[0-9a-f-]{36}$/);
        expect(config.fwversion).toMatch(/^0x[0-9a-f]{8}$/);
        expect(config.panid).toEqual(expect.any(Number));
        expect([11, 15, 20, 25]).toContain(config.zigbeechannel);
        expect(config.UTC).toBe('2026-01-15T12:00:00');
        expect(config.localtime).toBe('2026-01-15T12:00:00');
        expect(config.timezone).toBe('Etc/UTC');
        expect(config.name).toBe('testgw');
        expect(config.websocketport).toBe(gw().websocketPort);
        expect(config.websocketnotifyall).toBe(true);
        expect(config.linkbutton).toBe(false);
        expect(config.modelid).toBe('deCONZ');
      });

      it('should derive the placeholder bridge id from the MAC as an EUI-64', async () => {
        const config = (await (await gw().request(`/api/${key}/config`)).json()) as { bridgeid: string; mac: string };
        const mac = config.mac.replaceAll(':', '').toUpperCase();
        expect(config.bridgeid).toBe(`${mac.slice(0, 6)}FFFE${mac.slice(6)}`);
      });

      it('should write compact JSON with keys sorted at every depth', async () => {
        const text = await (await gw().request(`/api/${key}/config`)).text();
        expect(text).not.toMatch(/[:,] /);
        const check = (value: unknown): void => {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
          const keys = Object.keys(value);
          expect(keys).toEqual([...keys].sort());
          Object.values(value).forEach(check);
        };
        check(JSON.parse(text));
      });

      it('should show local time in the configured time zone', async () => {
        await gw().request(`/api/${key}/config`, jsonInit('PUT', { timezone: 'Europe/Berlin' }));
        const config = (await (await gw().request(`/api/${key}/config`)).json()) as Record<string, unknown>;
        expect(config.timezone).toBe('Europe/Berlin');
        expect(config.localtime).toBe('2026-01-15T13:00:00');
        expect(config.UTC).toBe('2026-01-15T12:00:00');
        await gw().request(`/api/${key}/config`, jsonInit('PUT', { timezone: 'Etc/UTC' }));
      });
    });

    describe('public config', () => {
      it('should answer GET /api/config with the short config and an ETag', async () => {
        const res = await gw().request('/api/config');
        expect(res.status).toBe(200);
        expect(res.headers.get('etag')).toMatch(/^".+"$/);
        expect(Object.keys((await res.json()) as object).sort()).toEqual(PUBLIC_FIELDS);
      });

      it('should answer GET /api/<badkey>/config with the same short config and 200', async () => {
        const res = await gw().request('/api/NOTAKEY000000/config');
        expect(res.status).toBe(200);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(PUBLIC_FIELDS);
        expect(body).not.toHaveProperty('whitelist');
      });
    });

    describe('GET /api/<key>', () => {
      it('should answer the full state with exactly the deCONZ members', async () => {
        const res = await gw().request(`/api/${key}`);
        expect(res.status).toBe(200);
        const state = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(state)).toEqual(['alarmsystems', 'config', 'groups', 'lights', 'resourcelinks', 'rules', 'scenes', 'schedules', 'sensors']);
        expect(state.lights).toEqual({});
        expect((state.config as Record<string, unknown>).whitelist).toHaveProperty(key);
      });

      it('should answer each collection with {} and devices with []', async () => {
        for (const name of ['groups', 'lights', 'rules', 'schedules', 'scenes', 'resourcelinks']) {
          const res = await gw().request(`/api/${key}/${name}`);
          expect(res.status, name).toBe(200);
          expect(res.headers.get('etag'), name).toMatch(/^".+"$/);
          expect(await res.text(), name).toBe('{}');
        }
        expect(await (await gw().request(`/api/${key}/devices`)).text()).toBe('[]');
        // deCONZ creates alarm system 1 at the first start.
        expect(Object.keys((await (await gw().request(`/api/${key}/alarmsystems`)).json()) as object)).toEqual(['1']);
      });

      it('should answer sensors with only the Daylight sensor a fresh gateway creates', async () => {
        const res = await gw().request(`/api/${key}/sensors`);
        expect(res.status).toBe(200);
        expect(res.headers.get('etag')).toMatch(/^".+"$/);
        const sensors = (await res.json()) as Record<string, Record<string, unknown>>;
        const mac = ((await (await gw().request(`/api/${key}/config`)).json()) as { mac: string }).mac;
        expect(sensors).toEqual({
          1: {
            config: { configured: false, on: true, sunriseoffset: 30, sunsetoffset: -30 },
            etag: expect.stringMatching(/^[0-9a-f]{32}$/),
            manufacturername: 'Philips',
            modelid: 'PHDL00',
            name: 'Daylight',
            state: { dark: null, daylight: null, lastupdated: 'none', status: null, sunrise: null, sunset: null },
            swversion: '1.0',
            type: 'Daylight',
            uniqueid: `${mac}-01`,
          },
        });
      });
    });
  },
  RUNTIMES,
  () => ({ GATEWAY_NAME: 'testgw' }),
);
