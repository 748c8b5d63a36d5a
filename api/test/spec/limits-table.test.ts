import { beforeAll, expect, it } from 'vitest';
import { addDevice } from '../helpers/bridge-devices';
import { BASIC_DEFAULT, jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { clipBody, createClip } from '../sensors/helpers';

/**
 * The spec's Limits table, one row per limit (ids as in docs/spec-coverage.md): the edge values
 * are taken, the values just outside are refused with the deCONZ error type (7 unless a row says
 * otherwise) and change nothing a later GET would show. One gateway per runtime, following a
 * scripted bridge with a colour lamp: radio settings become bridge requests, light values commands.
 */
interface Limit {
  row: string;
  /** Method, path relative to the key (`{clip}`, `{group}`, `{rule}` resolved at run time) and body for a value. */
  send: (value: any) => [string, string, unknown];
  ok: unknown[];
  /** A refused value, or `[value, type]` when the refusal is not type 7. */
  bad: unknown[];
}

const text = (n: number, c = 'x') => c.repeat(n);
const conditions = (n: number) => Array.from({ length: n }, () => ({ address: '/sensors/{clip}/state/status', operator: 'dx' }));
const actions = (n: number) => Array.from({ length: n }, () => ({ address: '/groups/{group}/action', method: 'PUT', body: { on: true } }));
const rule = (conds: number, acts: number) => ({ name: 'limit', conditions: conditions(conds), actions: actions(acts) });
const schedule = (time: string) => ({ time, command: { address: '/api/{key}/groups/{group}/action', method: 'PUT', body: { on: true } } });

const LIMITS: Limit[] = [
  {
    row: 'lim.rule-actions-conditions',
    send: (n) => ['POST', '/rules', rule(n, 1)],
    ok: [1, 8],
    bad: [
      [0, 5],
      [9, 11],
    ],
  },
  {
    row: 'lim.rule-actions-conditions',
    send: (n) => ['POST', '/rules', rule(1, n)],
    ok: [1, 8],
    bad: [
      [0, 5],
      [9, 11],
    ],
  },
  { row: 'lim.group-name-set-light-name-set', send: (name) => ['PUT', '/groups/{group}', { name }], ok: ['', text(32)], bad: [text(33)] },
  { row: 'lim.group-name-set-light-name-set', send: (name) => ['PUT', '/lights/{light}', { name }], ok: ['', text(32)], bad: [text(33)] },
  { row: 'lim.alarm-system-name', send: (name) => ['PUT', '/alarmsystems/1', { name }], ok: [text(1), text(32)], bad: [text(33)] },
  { row: 'lim.gateway-name', send: (name) => ['PUT', '/config', { name }], ok: ['', text(16)], bad: [text(17)] },
  { row: 'lim.devicetype', send: (devicetype) => ['POST', '/api', { devicetype }], ok: ['', text(40)], bad: [text(41)] },
  {
    row: 'lim.username-api-key',
    send: (username) => ['POST', '/api', { devicetype: 'limits', username }],
    ok: [text(10, 'A'), text(40, 'B')],
    bad: [text(9, 'C'), text(41, 'D')],
  },
  { row: 'lim.alarm-pin-code0', send: (code0) => ['PUT', '/alarmsystems/1/config', { code0 }], ok: ['1234', text(16, '7')], bad: ['123', text(17, '7')] },
  ...['disarmed_entry_delay', 'armed_away_exit_delay', 'armed_stay_entry_delay', 'armed_night_trigger_duration'].map(
    (field): Limit => ({
      row: 'lim.alarm-entry-exit-delay-trigger-duration-seconds_remaining',
      send: (v) => ['PUT', '/alarmsystems/1/config', { [field]: v }],
      ok: [0, 255],
      bad: [-1, 256, 1.5],
    }),
  ),
  { row: 'lim.bri', send: (bri) => ['PUT', '/lights/{light}/state', { bri }], ok: [0, 255], bad: [-1, 256] },
  {
    row: 'lim.colorloopspeed',
    send: (colorloopspeed) => ['PUT', '/lights/{light}/state', { effect: 'colorloop', colorloopspeed }],
    ok: [1, 255],
    bad: [0, 256],
  },
  {
    row: 'lim.colorloopspeed',
    send: (colorloopspeed) => ['PUT', '/groups/{group}/action', { effect: 'colorloop', colorloopspeed }],
    ok: [1, 255],
    bad: [0, 256],
  },
  { row: 'lim.bri', send: (bri) => ['PUT', '/groups/{group}/action', { bri }], ok: [0, 255], bad: [-1, 256] },
  { row: 'lim.hue', send: (hue) => ['PUT', '/lights/{light}/state', { hue }], ok: [0, 65535], bad: [-1, 65536] },
  { row: 'lim.hue', send: (hue) => ['PUT', '/groups/{group}/action', { hue }], ok: [0, 65535], bad: [-1, 65536] },
  { row: 'lim.sat', send: (sat) => ['PUT', '/lights/{light}/state', { sat }], ok: [0, 255], bad: [-1, 256] },
  { row: 'lim.sat', send: (sat) => ['PUT', '/groups/{group}/action', { sat }], ok: [0, 255], bad: [-1, 256] },
  { row: 'lim.ct-group', send: (ct) => ['PUT', '/groups/{group}/action', { ct }], ok: [153, 500], bad: [152, 501] },
  {
    row: 'lim.xy-coordinates',
    send: (xy) => ['PUT', '/lights/{light}/state', { xy }],
    ok: [
      [0, 0],
      [1, 1],
    ],
    bad: [[1.01, 0.5], [0.5, -0.01], [0.5]],
  },
  {
    row: 'lim.xy-coordinates',
    send: (xy) => ['PUT', '/groups/{group}/action', { xy }],
    ok: [
      [0, 0],
      [1, 1],
    ],
    bad: [
      [1.01, 0.5],
      [0.5, -0.01],
    ],
  },
  { row: 'lim.sensor-battery', send: (battery) => ['PUT', '/sensors/{clip}/config', { battery }], ok: [1, 100], bad: [0, 101] },
  { row: 'lim.groupdelay', send: (groupdelay) => ['PUT', '/config', { groupdelay }], ok: [0, 5000], bad: [-1, 5001] },
  { row: 'lim.lightlastseeninterval', send: (v) => ['PUT', '/config', { lightlastseeninterval: v }], ok: [1, 65535], bad: [0, 65536] },
  { row: 'lim.networkopenduration', send: (v) => ['PUT', '/config', { networkopenduration: v }], ok: [1, 65535], bad: [65536, -1] },
  { row: 'lim.permitjoin', send: (permitjoin) => ['PUT', '/config', { permitjoin }], ok: [0, 255], bad: [-1, 256] },
  { row: 'lim.unlock', send: (unlock) => ['PUT', '/config', { unlock }], ok: [0, 600], bad: [-1, 601] },
  { row: 'lim.zigbeechannel', send: (zigbeechannel) => ['PUT', '/config', { zigbeechannel }], ok: [11, 15, 20, 25], bad: [12, 26, 10] },
  {
    row: 'lim.schedule-repeated-days-value',
    send: (time) => ['POST', '/schedules', schedule(time)],
    ok: ['W127/T07:00:00', 'W1/T07:00:00', 'R99/PT00:00:10', 'R/PT00:00:10'],
    bad: ['W128/T07:00:00', 'R100/PT00:00:10'],
  },
  { row: 'lim.daylight-sunrise-sunset-offset', send: (v) => ['PUT', '/sensors/1/config', { sunriseoffset: v }], ok: [-120, 120], bad: [-121, 121] },
  { row: 'lim.daylight-sunrise-sunset-offset', send: (v) => ['PUT', '/sensors/1/config', { sunsetoffset: v }], ok: [-120, 120], bad: [-121, 121] },
];

type Answer = { status: number; body: any };

describeOnRuntimesWithBridge('spec: limits', (gw, bridge) => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const key = await gw().createKey();
    ids.key = key;
    ids.light = await addDevice(gw(), bridge(), key, colorLamp(), 11, LAMP_STATE);
    ids.clip = await createClip(gw(), key, clipBody('CLIPGenericStatus'));
    const created = (await (await gw().request(`/api/${key}/groups`, jsonInit('POST', { name: 'limits' }))).json()) as [{ success: { id: string } }];
    ids.group = created[0].success.id;
    expect((await gw().request(`/api/${key}/groups/${ids.group}`, jsonInit('PUT', { lights: [ids.light] }))).status).toBe(200);
  });

  // First, while the gateway still has them.
  it('should start with the defaults the table gives: alarm delays and durations 120 s, lightlastseeninterval 60 s', async () => {
    const gateway = (await (await gw().request(`/api/${ids.key}/config`)).json()) as Record<string, unknown>;
    expect(gateway.lightlastseeninterval).toBe(60);
    const config = ((await (await gw().request(`/api/${ids.key}/alarmsystems/1`)).json()) as { config: Record<string, unknown> }).config;
    for (const mode of ['away', 'stay', 'night']) {
      for (const what of ['entry_delay', 'exit_delay', 'trigger_duration']) expect(config[`armed_${mode}_${what}`], `${mode} ${what}`).toBe(120);
    }
  });

  const send = async (limit: Limit, value: unknown): Promise<Answer> => {
    const resolve = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
    const [method, path, body] = limit.send(value);
    const url = path === '/api' ? '/api' : `/api/${ids.key}${resolve(path)}`;
    const headers: Record<string, string> = path === '/api' ? { Authorization: BASIC_DEFAULT } : {};
    const res = await gw().request(url, jsonInit(method, JSON.parse(resolve(JSON.stringify(body))), headers));
    return { status: res.status, body: await res.json() };
  };
  const errorsOf = (answer: Answer) =>
    Array.isArray(answer.body)
      ? answer.body.filter((item: Record<string, unknown>) => 'error' in item).map((item: { error: { type: number } }) => item.error.type)
      : [];

  it.each(LIMITS.map((limit, index) => [limit.row, index, limit] as const))('should hold %s (case %i) at its edges', async (_row, _index, limit) => {
    for (const value of limit.ok) {
      const answer = await send(limit, value);
      expect({ value, status: answer.status, errors: errorsOf(answer) }).toEqual({ value, status: 200, errors: [] });
    }
    for (const entry of limit.bad) {
      const [value, type] = Array.isArray(entry) && limit.row !== 'lim.xy-coordinates' ? entry : [entry, 7];
      const answer = await send(limit, value);
      expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);
      expect({ value, errors: errorsOf(answer).slice(0, 1) }).toEqual({ value, errors: [type] });
    }
  });
});
