import { beforeAll, expect, it } from 'vitest';
import { addDevice, whileBridgeOffline } from '../helpers/bridge-devices';
import { expectDeconzError } from '../helpers/conformance';
import { BASIC_DEFAULT, jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';

/**
 * The spec's Errors table, one row per endpoint line (ids as in docs/spec-coverage.md): every code
 * the table lists for the endpoint, produced through the real HTTP API. A 503 comes from the
 * bridge being away (the scripted bridge goes offline for that case); a 304 from `If-None-Match`
 * with the tag the same GET handed out. Touchlink's 503 for a result the radio cannot reach needs
 * a scan result, which api/test/touchlink.test.ts makes with its in-process bridge.
 */
interface Case {
  row: string;
  status: number;
  /** deCONZ error type of the first element; absent for 304 and bodies that are not errors. */
  type?: number;
  method: string;
  /** Relative to `/api/<key>` (`{group}`… resolved at run time); `/api…` paths are used as they are. */
  path: string;
  body?: unknown;
  badKey?: boolean;
  offline?: boolean;
  headers?: Record<string, string>;
  /** Send `If-None-Match` with the ETag of a GET of the same path. */
  conditional?: boolean;
}

const forbidden = (row: string, method: string, path: string): Case => ({ row, status: 403, type: 1, method, path, badKey: true });

const CASES: Case[] = [
  { row: 'err.post-groups', status: 400, type: 5, method: 'POST', path: '/groups', body: {} },
  { row: 'err.post-groups', status: 400, type: 2, method: 'POST', path: '/groups', body: '{"name":' },
  forbidden('err.post-groups', 'POST', '/groups'),
  forbidden('err.get-groups', 'GET', '/groups'),
  { row: 'err.get-group', status: 304, method: 'GET', path: '/groups/{group}', conditional: true },
  forbidden('err.get-group', 'GET', '/groups/{group}'),
  { row: 'err.get-group', status: 404, type: 3, method: 'GET', path: '/groups/999' },
  { row: 'err.put-group-put-group-action', status: 400, type: 7, method: 'PUT', path: '/groups/{group}', body: { name: 'x'.repeat(33) } },
  forbidden('err.put-group-put-group-action', 'PUT', '/groups/{group}'),
  { row: 'err.put-group-put-group-action', status: 404, type: 3, method: 'PUT', path: '/groups/999', body: { name: 'x' } },
  { row: 'err.put-group-put-group-action', status: 503, type: 950, method: 'PUT', path: '/groups/{group}', body: { lights: [] }, offline: true },
  { row: 'err.put-group-put-group-action', status: 400, type: 7, method: 'PUT', path: '/groups/{group}/action', body: { bri: 300 } },
  forbidden('err.put-group-put-group-action', 'PUT', '/groups/{group}/action'),
  { row: 'err.put-group-put-group-action', status: 404, type: 3, method: 'PUT', path: '/groups/999/action', body: { on: true } },
  { row: 'err.put-group-put-group-action', status: 503, type: 950, method: 'PUT', path: '/groups/{group}/action', body: { on: true }, offline: true },
  forbidden('err.delete-group', 'DELETE', '/groups/{group}'),
  { row: 'err.delete-group', status: 404, type: 3, method: 'DELETE', path: '/groups/999' },
  { row: 'err.delete-group', status: 503, type: 950, method: 'DELETE', path: '/groups/{group}', offline: true },
  forbidden('err.post-alarmsystems', 'POST', '/alarmsystems'),
  { row: 'err.post-alarmsystems', status: 501, type: 901, method: 'POST', path: '/alarmsystems', body: { name: 'second' } },
  forbidden('err.get-alarmsystems', 'GET', '/alarmsystems'),
  forbidden('err.get-alarm-system', 'GET', '/alarmsystems/1'),
  { row: 'err.get-alarm-system', status: 404, type: 3, method: 'GET', path: '/alarmsystems/9' },
  { row: 'err.put-alarm-system-put-alarm-system-config', status: 400, type: 7, method: 'PUT', path: '/alarmsystems/1', body: { name: 'x'.repeat(33) } },
  forbidden('err.put-alarm-system-put-alarm-system-config', 'PUT', '/alarmsystems/1'),
  { row: 'err.put-alarm-system-put-alarm-system-config', status: 404, type: 3, method: 'PUT', path: '/alarmsystems/9', body: { name: 'x' } },
  { row: 'err.put-alarm-system-put-alarm-system-config', status: 400, type: 7, method: 'PUT', path: '/alarmsystems/1/config', body: { code0: '12' } },
  forbidden('err.put-alarm-system-put-alarm-system-config', 'PUT', '/alarmsystems/1/config'),
  { row: 'err.put-alarm-system-put-alarm-system-config', status: 404, type: 3, method: 'PUT', path: '/alarmsystems/9/config', body: { code0: '1234' } },
  forbidden('err.put-keypad-device-delete-alarm-system-device', 'PUT', '/alarmsystems/1/device/{lamp}'),
  {
    row: 'err.put-keypad-device-delete-alarm-system-device',
    status: 404,
    type: 3,
    method: 'PUT',
    path: '/alarmsystems/9/device/{lamp}',
    body: { armmask: 'A' },
  },
  {
    row: 'err.put-keypad-device-delete-alarm-system-device',
    status: 404,
    type: 3,
    method: 'PUT',
    path: '/alarmsystems/1/device/00:00:00:00:00:00:00:00-01',
    body: {},
  },
  forbidden('err.put-keypad-device-delete-alarm-system-device', 'DELETE', '/alarmsystems/1/device/{lamp}'),
  { row: 'err.put-keypad-device-delete-alarm-system-device', status: 404, type: 3, method: 'DELETE', path: '/alarmsystems/9/device/{lamp}' },
  { row: 'err.post-schedules-put-schedule', status: 400, type: 5, method: 'POST', path: '/schedules', body: { name: 'no time' } },
  forbidden('err.post-schedules-put-schedule', 'POST', '/schedules'),
  { row: 'err.post-schedules-put-schedule', status: 400, type: 7, method: 'PUT', path: '/schedules/{schedule}', body: { time: 'tomorrow' } },
  forbidden('err.post-schedules-put-schedule', 'PUT', '/schedules/{schedule}'),
  { row: 'err.post-schedules-put-schedule', status: 404, type: 3, method: 'PUT', path: '/schedules/999', body: { name: 'x' } },
  forbidden('err.get-schedules', 'GET', '/schedules'),
  forbidden('err.get-schedule-delete-schedule', 'GET', '/schedules/{schedule}'),
  { row: 'err.get-schedule-delete-schedule', status: 404, type: 3, method: 'GET', path: '/schedules/999' },
  forbidden('err.get-schedule-delete-schedule', 'DELETE', '/schedules/{schedule}'),
  { row: 'err.get-schedule-delete-schedule', status: 404, type: 3, method: 'DELETE', path: '/schedules/999' },
  forbidden('err.post-touchlink-scan', 'POST', '/touchlink/scan'),
  { row: 'err.post-touchlink-scan', status: 503, type: 950, method: 'POST', path: '/touchlink/scan', offline: true },
  forbidden('err.get-touchlink-scan', 'GET', '/touchlink/scan'),
  forbidden('err.post-touchlink-identify-post-touchlink-reset', 'POST', '/touchlink/1/identify'),
  { row: 'err.post-touchlink-identify-post-touchlink-reset', status: 404, type: 3, method: 'POST', path: '/touchlink/1/identify' },
  forbidden('err.post-touchlink-identify-post-touchlink-reset', 'POST', '/touchlink/1/reset'),
  { row: 'err.post-touchlink-identify-post-touchlink-reset', status: 404, type: 3, method: 'POST', path: '/touchlink/1/reset' },
  { row: 'err.post-api', status: 400, type: 5, method: 'POST', path: '/api', body: {}, headers: { Authorization: BASIC_DEFAULT } },
  { row: 'err.post-api', status: 403, type: 101, method: 'POST', path: '/api', body: { devicetype: 'locked out' } },
  forbidden('err.delete-config-whitelist-key', 'DELETE', '/config/whitelist/{key}'),
  { row: 'err.delete-config-whitelist-key', status: 404, type: 3, method: 'DELETE', path: '/config/whitelist/NOSUCHKEY00000' },
  { row: 'err.get-config-get-full-state', status: 304, method: 'GET', path: '/config', conditional: true },
  { row: 'err.get-config-get-full-state', status: 304, method: 'GET', path: '', conditional: true },
  forbidden('err.get-config-get-full-state', 'GET', ''),
  { row: 'err.put-config', status: 400, type: 7, method: 'PUT', path: '/config', body: { zigbeechannel: 12 } },
  { row: 'err.put-config', status: 400, type: 2, method: 'PUT', path: '/config', body: 'not json' },
  { row: 'err.post-config-updatefirmware', status: 503, type: 950, method: 'POST', path: '/config/updatefirmware', offline: true },
  { row: 'err.post-config-reset', status: 400, type: 5, method: 'POST', path: '/config/reset', body: {} },
  { row: 'err.post-config-reset', status: 503, type: 950, method: 'POST', path: '/config/reset', body: { resetGW: true }, offline: true },
  { row: 'err.put-config-password', status: 400, type: 5, method: 'PUT', path: '/config/password', body: { username: 'delight' } },
  {
    row: 'err.put-config-password',
    status: 401,
    type: 7,
    method: 'PUT',
    path: '/config/password',
    body: { username: 'delight', oldhash: Buffer.from('delight:wrong').toString('base64'), newhash: Buffer.from('delight:new-secret').toString('base64') },
  },
  // Last: it moves the clock past the 10-minute window.
  { row: 'err.delete-config-password', status: 403, type: 1, method: 'DELETE', path: '/api/config/password' },
];

describeOnRuntimesWithBridge('spec: errors', (gw, bridge) => {
  let key: string;
  const ids: Record<string, string> = {};
  const json = async (res: Promise<Response>) => (await res).json() as Promise<any>;

  beforeAll(async () => {
    key = await gw().createKey();
    ids.key = key;
    ids.lamp = '00:17:88:01:02:a3:b4:c5-0b';
    const lamp = await addDevice(gw(), bridge(), key, colorLamp(), 11, LAMP_STATE);
    ids.group = (await json(gw().request(`/api/${key}/groups`, jsonInit('POST', { name: 'errors', lights: [lamp] }))))[0].success.id;
    expect((await gw().request(`/api/${key}/groups/${ids.group}`, jsonInit('PUT', { lights: [lamp] }))).status).toBe(200);
    ids.schedule = (
      await json(
        gw().request(
          `/api/${key}/schedules`,
          jsonInit('POST', {
            time: 'PT01:00:00',
            command: { address: `/api/${key}/groups/${ids.group}/action`, method: 'PUT', body: { on: true } },
          }),
        ),
      )
    )[0].success.id;
  });

  it.each(CASES.map((c) => [c.row, c.status, `${c.method} ${c.path || '/'}`, c] as const))('should answer %s with %i (%s)', async (_row, _status, _what, c) => {
    const resolve = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
    const url = c.path.startsWith('/api') ? c.path : `/api/${c.badKey ? 'NOTAKEY0000000' : key}${resolve(c.path)}`;
    const headers: Record<string, string> = { ...c.headers };
    if (c.conditional) headers['If-None-Match'] = (await gw().request(url)).headers.get('etag') ?? 'missing';
    if (c.path === '/api/config/password') await gw().clock.advance(11 * 60 * 1000);
    const send = async () => {
      const body = c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
      const res = await gw().request(url, { method: c.method, headers, body });
      if (c.type === undefined) {
        expect(res.status).toBe(c.status);
        expect(await res.text()).toBe('');
      } else {
        await expectDeconzError(res, c.status, c.type);
      }
    };
    await (c.offline ? whileBridgeOffline(gw(), bridge(), key, send) : send());
  });

  it('should answer GET /config with an unknown key 200 and the short public config, without the WebSocket port (err.get-config-for-websocket-discovery)', async () => {
    const res = await gw().request('/api/NOTAKEY0000000/config');
    expect(res.status).toBe(200);
    const config = (await res.json()) as Record<string, unknown>;
    expect(config).toHaveProperty('bridgeid');
    expect(config).not.toHaveProperty('websocketport');
    expect(config).not.toHaveProperty('whitelist');
    expect(((await (await gw().request(`/api/${key}/config`)).json()) as Record<string, unknown>).websocketport).toEqual(expect.any(Number));
  });
});
