import { beforeAll, expect, it } from 'vitest';
import { addDevice } from '../helpers/bridge-devices';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { clipBody, createClip } from '../sensors/helpers';

/**
 * The resource tables of the spec, one row per field (ids as in docs/spec-coverage.md): each
 * resource is made through the real HTTP API on a gateway with one colour lamp, then every field
 * is read back from GET and checked against the type and range the spec gives it.
 */
type Check = (value: unknown) => boolean;
const str: Check = (v) => typeof v === 'string';
const num =
  (min = -Infinity, max = Infinity): Check =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max;
const bool: Check = (v) => typeof v === 'boolean';
const strings: Check = (v) => Array.isArray(v) && v.every(str);
const object: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf =
  (...values: unknown[]): Check =>
  (v) =>
    values.includes(v);
const xy: Check = (v) => Array.isArray(v) && v.length === 2 && v.every(num(0, 1));
const stamp =
  (pattern: RegExp): Check =>
  (v) =>
    typeof v === 'string' && pattern.test(v);
const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

/** `path` names a resource made in `beforeAll` (`{group}`, `{rule}`…); `field` is a dotted path into its GET body. */
interface FieldRow {
  row: string;
  path: string;
  field: string;
  is: Check;
}

const FIELDS: FieldRow[] = [
  { row: 'group.id', path: '/groups/{group}', field: 'id', is: str },
  { row: 'group.name', path: '/groups/{group}', field: 'name', is: oneOf('Living') },
  { row: 'group.type', path: '/groups/{group}', field: 'type', is: oneOf('Room') },
  { row: 'group.class', path: '/groups/{group}', field: 'class', is: oneOf('Living room') },
  { row: 'group.lights', path: '/groups/{group}', field: 'lights', is: (v) => JSON.stringify(v) === JSON.stringify([LIGHT]) },
  { row: 'group.lightsequence', path: '/groups/{group}', field: 'lightsequence', is: strings },
  { row: 'group.multideviceids', path: '/groups/{group}', field: 'multideviceids', is: strings },
  { row: 'group.hidden', path: '/groups/{group}', field: 'hidden', is: bool },
  { row: 'group.scenes', path: '/groups/{group}', field: 'scenes', is: (v) => Array.isArray(v) && v.length === 1 && str(v[0].id) && v[0].name === 'Evening' },
  { row: 'group.etag', path: '/groups/{group}', field: 'etag', is: str },
  { row: 'group.state-all_on', path: '/groups/{group}', field: 'state.all_on', is: oneOf(true) },
  { row: 'group.state-any_on', path: '/groups/{group}', field: 'state.any_on', is: oneOf(true) },
  { row: 'group.action', path: '/groups/{group}', field: 'action', is: object },
  { row: 'group.action.on', path: '/groups/{group}', field: 'action.on', is: bool },
  { row: 'group.action.alert', path: '/groups/{group}', field: 'action.alert', is: oneOf('none', 'select', 'lselect') },
  { row: 'group.action.bri', path: '/groups/{group}', field: 'action.bri', is: num(0, 255) },
  { row: 'group.action.colormode', path: '/groups/{group}', field: 'action.colormode', is: oneOf('hs', 'xy', 'ct') },
  { row: 'group.action.hue', path: '/groups/{group}', field: 'action.hue', is: num(0, 65535) },
  { row: 'group.action.sat', path: '/groups/{group}', field: 'action.sat', is: num(0, 255) },
  { row: 'group.action.ct', path: '/groups/{group}', field: 'action.ct', is: (v) => v === 0 || num(153, 500)(v) },
  { row: 'group.action.xy', path: '/groups/{group}', field: 'action.xy', is: xy },
  { row: 'group.action.effect', path: '/groups/{group}', field: 'action.effect', is: oneOf('none', 'colorloop') },
  { row: 'group.action.scene', path: '/groups/{group}', field: 'action.scene', is: (v) => v === null || str(v) },
  { row: 'light.name', path: '/lights/{light}', field: 'name', is: oneOf('Hue color lamp 1') },
  { row: 'light.etag', path: '/lights/{light}', field: 'etag', is: str },
  { row: 'light.hascolor', path: '/lights/{light}', field: 'hascolor', is: oneOf(true) },
  { row: 'light.manufacturername', path: '/lights/{light}', field: 'manufacturername', is: str },
  { row: 'light.modelid', path: '/lights/{light}', field: 'modelid', is: oneOf('LCT015') },
  { row: 'light.swversion', path: '/lights/{light}', field: 'swversion', is: str },
  { row: 'light.type', path: '/lights/{light}', field: 'type', is: oneOf('Extended color light') },
  { row: 'light.uniqueid', path: '/lights/{light}', field: 'uniqueid', is: stamp(/^([0-9a-f]{2}:){7}[0-9a-f]{2}-[0-9a-f]{2}$/) },
  { row: 'light.pointsymbol', path: '/lights/{light}', field: 'pointsymbol', is: object },
  { row: 'light.colorcapabilities', path: '/lights/{light}', field: 'colorcapabilities', is: num(0) },
  { row: 'light.ctmin-ctmax', path: '/lights/{light}', field: 'ctmax', is: num(153, 500) },
  { row: 'light.ctmin-ctmax', path: '/lights/{light}', field: 'ctmin', is: num(153, 500) },
  { row: 'light.lastannounced', path: '/lights/{light}', field: 'lastannounced', is: stamp(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
  { row: 'light.lastseen', path: '/lights/{light}', field: 'lastseen', is: stamp(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/) },
  { row: 'light.state', path: '/lights/{light}', field: 'state', is: object },
  { row: 'light.state.on', path: '/lights/{light}', field: 'state.on', is: bool },
  { row: 'light.state.bri', path: '/lights/{light}', field: 'state.bri', is: num(0, 255) },
  { row: 'light.state.hue', path: '/lights/{light}', field: 'state.hue', is: num(0, 65535) },
  { row: 'light.state.sat', path: '/lights/{light}', field: 'state.sat', is: num(0, 255) },
  { row: 'light.state.ct', path: '/lights/{light}', field: 'state.ct', is: num(153, 500) },
  { row: 'light.state.xy', path: '/lights/{light}', field: 'state.xy', is: xy },
  { row: 'light.state.alert', path: '/lights/{light}', field: 'state.alert', is: oneOf('none') },
  { row: 'light.state.colormode', path: '/lights/{light}', field: 'state.colormode', is: oneOf('hs', 'xy', 'ct') },
  { row: 'light.state.effect', path: '/lights/{light}', field: 'state.effect', is: oneOf('none', 'colorloop') },
  { row: 'light.state.reachable', path: '/lights/{light}', field: 'state.reachable', is: oneOf(true) },
  { row: 'sensor.name', path: '/sensors/{humidity}', field: 'name', is: str },
  { row: 'sensor.type', path: '/sensors/{humidity}', field: 'type', is: oneOf('CLIPHumidity') },
  { row: 'sensor.modelid', path: '/sensors/{humidity}', field: 'modelid', is: str },
  { row: 'sensor.manufacturername', path: '/sensors/{humidity}', field: 'manufacturername', is: str },
  { row: 'sensor.swversion', path: '/sensors/{humidity}', field: 'swversion', is: str },
  { row: 'sensor.uniqueid', path: '/sensors/{humidity}', field: 'uniqueid', is: str },
  { row: 'sensor.etag', path: '/sensors/{humidity}', field: 'etag', is: str },
  {
    row: 'sensor.config',
    path: '/sensors/{humidity}',
    field: 'config',
    is: (v) => object(v) && bool((v as Record<string, unknown>).on) && bool((v as Record<string, unknown>).reachable),
  },
  { row: 'sensor.state', path: '/sensors/{humidity}', field: 'state.lastupdated', is: str },
  { row: 'sensor.clip-config.cliphumidity-offset', path: '/sensors/{humidity}', field: 'config.offset', is: oneOf(-150) },
  { row: 'sensor.clip-config.cliptemperature-offset', path: '/sensors/{temperature}', field: 'config.offset', is: oneOf(200) },
  { row: 'sensor.clip-config.cliplightlevel-tholddark', path: '/sensors/{lightlevel}', field: 'config.tholddark', is: oneOf(9000) },
  { row: 'sensor.clip-config.cliplightlevel-tholddarkoffset', path: '/sensors/{lightlevel}', field: 'config.tholdoffset', is: oneOf(4000) },
  { row: 'rule.name', path: '/rules/{rule}', field: 'name', is: oneOf('Evening rule') },
  { row: 'rule.actions', path: '/rules/{rule}', field: 'actions', is: (v) => Array.isArray(v) && v.length === 1 },
  { row: 'rule.actions-address', path: '/rules/{rule}', field: 'actions.0.address', is: stamp(/^\/groups\/\d+\/action$/) },
  { row: 'rule.actions-method', path: '/rules/{rule}', field: 'actions.0.method', is: oneOf('PUT') },
  { row: 'rule.actions-body', path: '/rules/{rule}', field: 'actions.0.body', is: (v) => JSON.stringify(v) === '{"on":true}' },
  { row: 'rule.conditions', path: '/rules/{rule}', field: 'conditions', is: (v) => Array.isArray(v) && v.length === 2 },
  { row: 'rule.conditions-address', path: '/rules/{rule}', field: 'conditions.0.address', is: stamp(/^\/sensors\/\d+\/state\/humidity$/) },
  { row: 'rule.conditions-operator', path: '/rules/{rule}', field: 'conditions.0.operator', is: oneOf('gt') },
  { row: 'rule.conditions-value', path: '/rules/{rule}', field: 'conditions.0.value', is: oneOf('5000') },
  { row: 'rule.conditions-value', path: '/rules/{rule}', field: 'conditions.1', is: (v) => object(v) && !('value' in (v as object)) },
  { row: 'rule.periodic', path: '/rules/{rule}', field: 'periodic', is: oneOf(0) },
  { row: 'rule.status', path: '/rules/{rule}', field: 'status', is: oneOf('enabled') },
  { row: 'rule.created', path: '/rules/{rule}', field: 'created', is: stamp(SECONDS) },
  { row: 'rule.lasttriggered', path: '/rules/{rule}', field: 'lasttriggered', is: oneOf('none') },
  { row: 'rule.timestriggered', path: '/rules/{rule}', field: 'timestriggered', is: oneOf(0) },
  { row: 'rule.owner', path: '/rules/{rule}', field: 'owner', is: (v) => v === KEY },
  { row: 'rule.etag', path: '/rules/{rule}', field: 'etag', is: str },
  { row: 'schedule.name', path: '/schedules/{schedule}', field: 'name', is: oneOf('Wake') },
  { row: 'schedule.description', path: '/schedules/{schedule}', field: 'description', is: oneOf('wake up') },
  { row: 'schedule.command', path: '/schedules/{schedule}', field: 'command.method', is: oneOf('PUT') },
  { row: 'schedule.status', path: '/schedules/{schedule}', field: 'status', is: oneOf('enabled') },
  { row: 'schedule.autodelete', path: '/schedules/{schedule}', field: 'autodelete', is: oneOf(false) },
  { row: 'schedule.time', path: '/schedules/{schedule}', field: 'time', is: oneOf('W124/T07:00:00') },
  { row: 'schedule.etag', path: '/schedules/{schedule}', field: 'etag', is: str },
  { row: 'alarm.name', path: '/alarmsystems/1', field: 'name', is: str },
  { row: 'alarm.config', path: '/alarmsystems/1', field: 'config', is: (v) => object(v) && !('code0' in (v as object)) },
  { row: 'alarm.state', path: '/alarmsystems/1', field: 'state', is: (v) => object(v) && str((v as Record<string, unknown>).armstate) },
  { row: 'alarm.devices', path: '/alarmsystems/1', field: 'devices', is: object },
  { row: 'alarm.config.armmode', path: '/alarmsystems/1', field: 'config.armmode', is: oneOf('disarmed', 'armed_stay', 'armed_night', 'armed_away') },
  { row: 'alarm.config.configured', path: '/alarmsystems/1', field: 'config.configured', is: oneOf(true) },
  { row: 'alarm.config.code0', path: '/alarmsystems/1', field: 'config', is: (v) => object(v) && !JSON.stringify(v).includes('4711') },
  ...['disarmed_entry_delay', 'disarmed_exit_delay'].map((field) => ({
    row: 'alarm.config.disarmed_entry_delay-disarmed_exit_delay',
    path: '/alarmsystems/1',
    field: `config.${field}`,
    is: num(0, 255),
  })),
  ...['away', 'stay', 'night'].flatMap((mode) =>
    ['entry_delay', 'exit_delay', 'trigger_duration'].map((what) => ({
      row: `alarm.config.armed_${mode}_entry_delay-armed_${mode}_exit_delay-armed_${mode}_trigger_duration`,
      path: '/alarmsystems/1',
      field: `config.armed_${mode}_${what}`,
      is: num(0, 255),
    })),
  ),
];
// Spelled out so the coverage table finds the row ids of the generated rows above.
export const GENERATED_ROWS = [
  'alarm.config.armed_away_entry_delay-armed_away_exit_delay-armed_away_trigger_duration',
  'alarm.config.armed_stay_entry_delay-armed_stay_exit_delay-armed_stay_trigger_duration',
  'alarm.config.armed_night_entry_delay-armed_night_exit_delay-armed_night_trigger_duration',
];

let KEY = '';
let LIGHT = '';

describeOnRuntimesWithBridge('spec: resource fields', (gw, bridge) => {
  const ids: Record<string, string> = {};
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await gw().request(`/api/${KEY}${path}`, body === undefined ? { method } : jsonInit(method, body));
    return { status: res.status, body: (await res.json()) as any };
  };
  const resolve = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);

  beforeAll(async () => {
    KEY = await gw().createKey();
    // The bridge publishes `effect` "none" for a lamp that reports no effect (shared/src/deconz).
    LIGHT = await addDevice(gw(), bridge(), KEY, colorLamp(), 11, { ...LAMP_STATE, on: true, effect: 'none' });
    ids.light = LIGHT;
    ids.group = (await call('POST', '/groups', { name: 'Living', type: 'Room', class: 'Living room' })).body[0].success.id;
    await call('PUT', `/groups/${ids.group}`, { lights: [LIGHT] });
    ids.scene = (await call('POST', `/groups/${ids.group}/scenes`, { name: 'Evening' })).body[0].success.id;
    ids.humidity = await createClip(gw(), KEY, clipBody('CLIPHumidity', { config: { offset: -150 } }));
    ids.temperature = await createClip(gw(), KEY, clipBody('CLIPTemperature', { config: { offset: 200 } }));
    ids.lightlevel = await createClip(gw(), KEY, clipBody('CLIPLightLevel', { config: { tholddark: 9000, tholddarkoffset: 4000 } }));
    ids.rule = (
      await call('POST', '/rules', {
        name: 'Evening rule',
        conditions: [
          { address: `/sensors/${ids.humidity}/state/humidity`, operator: 'gt', value: '5000' },
          { address: `/sensors/${ids.humidity}/state/lastupdated`, operator: 'dx' },
        ],
        actions: [{ address: `/groups/${ids.group}/action`, method: 'PUT', body: { on: true } }],
      })
    ).body[0].success.id;
    ids.schedule = (
      await call('POST', '/schedules', {
        name: 'Wake',
        description: 'wake up',
        time: 'W124/T07:00:00',
        autodelete: false,
        command: { address: `/api/${KEY}/groups/${ids.group}/action`, method: 'PUT', body: { on: true } },
      })
    ).body[0].success.id;
    expect(
      (await call('PUT', '/alarmsystems/1/config', { code0: '4711', armed_away_exit_delay: 0, armed_stay_exit_delay: 0, armed_night_exit_delay: 0 })).status,
    ).toBe(200);
  });

  it.each(FIELDS.map((f) => [f.row, f.field, f] as const))('should show %s (%s) as the spec types it', async (_row, _field, { path, field, is }) => {
    const { status, body } = await call('GET', resolve(path));
    expect(status).toBe(200);
    const value = field.split('.').reduce<any>((at, part) => at?.[part], body);
    expect(is(value), `${field} = ${JSON.stringify(value)}`).toBe(true);
  });

  it('should list rules and schedules keyed by id (ep.get-rules, ep.get-schedules)', async () => {
    expect(Object.keys((await call('GET', '/rules')).body)).toEqual([ids.rule]);
    expect(Object.keys((await call('GET', '/schedules')).body)).toEqual([ids.schedule]);
  });

  it('should keep every id a string and answer writes with a success array (svc.3, svc.5)', async () => {
    const full = (await call('GET', '')).body as Record<string, Record<string, { id?: unknown }>>;
    for (const member of ['groups', 'lights', 'sensors', 'rules', 'schedules']) {
      for (const id of Object.keys(full[member]!)) expect(id).toMatch(/^\d+$/);
    }
    expect(full.groups![ids.group!]!.id).toBe(ids.group);
    const write = await call('PUT', `/groups/${ids.group}`, { name: 'Living' });
    expect(write.body).toEqual([{ success: { [`/groups/${ids.group}/name`]: 'Living' } }]);
  });

  it('should refuse a schedule command whose address carries no valid key (auth.4)', async () => {
    const res = await call('POST', '/schedules', {
      time: 'PT00:10:00',
      command: { address: `/api/NOTAKEY0000/groups/${ids.group}/action`, method: 'PUT', body: { on: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body[0].error).toMatchObject({ type: 7 });
  });

  it('should refuse an update to a time already past and keep the schedule (schedule.time.future)', async () => {
    const res = await call('PUT', `/schedules/${ids.schedule}`, { time: '2020-01-01T07:00:00' });
    expect(res.status).toBe(400);
    expect(res.body[0].error).toMatchObject({ type: 7, address: `/schedules/${ids.schedule}/time` });
    expect((await call('GET', `/schedules/${ids.schedule}`)).body.time).toBe('W124/T07:00:00');
    expect((await call('PUT', `/schedules/${ids.schedule}`, { time: '2026-02-01T07:00:00' })).status).toBe(200);
    expect((await call('PUT', `/schedules/${ids.schedule}`, { time: 'W124/T07:00:00' })).status).toBe(200);
  });

  it('should take PUT and POST schedule commands and refuse other methods (schedule.command)', async () => {
    const command = (method: string) => ({ time: 'PT00:30:00', command: { address: `/api/${KEY}/groups/${ids.group}/action`, method, body: { on: true } } });
    for (const method of ['PUT', 'POST']) expect((await call('POST', '/schedules', command(method))).status).toBe(200);
    for (const method of ['DELETE', 'GET', 'BIND']) {
      const res = await call('POST', '/schedules', command(method));
      expect(res.status).toBe(400);
      expect(res.body[0].error).toMatchObject({ type: 7, address: '/schedules/command' });
    }
  });

  /** `PUT /groups/<id>/action`, one row per parameter of the spec's table. */
  const ACTIONS = [
    { row: 'ep.group-action.on', body: { on: false }, shows: { on: false } },
    { row: 'ep.group-action.toggle', body: { toggle: true }, shows: { on: true } },
    { row: 'ep.group-action.bri', body: { bri: 77 }, shows: { bri: 77 } },
    { row: 'ep.group-action.hue', body: { hue: 40000 }, shows: { hue: 40000, colormode: 'hs' } },
    { row: 'ep.group-action.sat', body: { sat: 200 }, shows: { sat: 200 } },
    { row: 'ep.group-action.ct', body: { ct: 400 }, shows: { ct: 400, colormode: 'ct' } },
    { row: 'ep.group-action.xy', body: { xy: [0.4, 0.5] }, shows: { xy: [0.4, 0.5], colormode: 'xy' } },
    { row: 'ep.group-action.alert', body: { alert: 'select' }, shows: {} },
    { row: 'ep.group-action.effect', body: { effect: 'colorloop' }, shows: { effect: 'colorloop' } },
    { row: 'ep.group-action.transitiontime', body: { bri: 90, transitiontime: 20 }, shows: { bri: 90 } },
  ];
  it.each(ACTIONS)('should take $row and remember it in the group action', async ({ body, shows }) => {
    const res = await call('PUT', `/groups/${ids.group}/action`, body);
    expect(res.status).toBe(200);
    expect(res.body.every((item: Record<string, unknown>) => 'success' in item)).toBe(true);
    expect(res.body.length).toBeGreaterThan(0);
    expect((await call('GET', `/groups/${ids.group}`)).body.action).toMatchObject(shows);
  });

  /** The arm and disarm calls, one row each: `code0` required, success names the new armmode. */
  const ARMS = [
    { row: 'ep.put-alarmsystems-id-arm_away', call: 'arm_away', mode: 'armed_away' },
    { row: 'ep.put-alarmsystems-id-arm_stay', call: 'arm_stay', mode: 'armed_stay' },
    { row: 'ep.put-alarmsystems-id-arm_night', call: 'arm_night', mode: 'armed_night' },
    { row: 'ep.put-alarmsystems-id-disarm', call: 'disarm', mode: 'disarmed' },
  ];
  it.each(ARMS)('should answer $row with the new armmode, and need code0', async ({ call: path, mode }) => {
    expect((await call('PUT', `/alarmsystems/1/${path}`, {})).status).toBe(400);
    const res = await call('PUT', `/alarmsystems/1/${path}`, { code0: '4711' });
    expect(res).toEqual({ status: 200, body: [{ success: { '/alarmsystems/1/config/armmode': mode } }] });
    expect((await call('GET', '/alarmsystems/1')).body.config.armmode).toBe(mode);
  });
});
