import { beforeAll, expect, it } from 'vitest';
import { addDevice } from '../helpers/bridge-devices';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { clipBody, createClip } from '../sensors/helpers';

/**
 * Every endpoint whose response the spec lists with an `ETag` (or `Etag`) header carries one,
 * quoted, on a successful answer (row ids as in docs/spec-coverage.md).
 */
const ENDPOINTS: { row: string; method: string; path: string; body?: unknown }[] = [
  { row: 'ep.get-groups-id', method: 'GET', path: '/groups/{group}' },
  { row: 'ep.put-groups-id', method: 'PUT', path: '/groups/{group}', body: { name: 'Tagged' } },
  { row: 'ep.put-groups-id-action', method: 'PUT', path: '/groups/{group}/action', body: { on: true } },
  { row: 'ep.get-groups-id-scenes', method: 'GET', path: '/groups/{group}/scenes' },
  { row: 'ep.get-groups-id-scenes-sid', method: 'GET', path: '/groups/{group}/scenes/{scene}' },
  { row: 'ep.get-lights-id', method: 'GET', path: '/lights/{light}' },
  { row: 'ep.put-lights-id-state', method: 'PUT', path: '/lights/{light}/state', body: { on: true } },
  { row: 'ep.get-sensors-id', method: 'GET', path: '/sensors/{sensor}' },
  { row: 'ep.put-sensors-id', method: 'PUT', path: '/sensors/{sensor}', body: { name: 'Tagged' } },
  { row: 'ep.put-sensors-id-config', method: 'PUT', path: '/sensors/{sensor}/config', body: { on: true } },
  { row: 'ep.get-rules-id', method: 'GET', path: '/rules/{rule}' },
  { row: 'ep.put-rules-id', method: 'PUT', path: '/rules/{rule}', body: { name: 'Tagged' } },
  { row: 'ep.delete-rules-id', method: 'DELETE', path: '/rules/{rule}' },
  { row: 'ep.get-schedules', method: 'GET', path: '/schedules' },
  { row: 'ep.get-schedules-id', method: 'GET', path: '/schedules/{schedule}' },
  { row: 'ep.put-schedules-id', method: 'PUT', path: '/schedules/{schedule}', body: { name: 'Tagged' } },
  { row: 'ep.get-config', method: 'GET', path: '/config' },
  { row: 'ep.get-fullstate', method: 'GET', path: '' },
  { row: 'ep.put-config', method: 'PUT', path: '/config', body: { timeformat: '24h' } },
];

describeOnRuntimesWithBridge('spec: ETag headers', (gw, bridge) => {
  let key: string;
  const ids: Record<string, string> = {};
  const post = async (path: string, body: unknown) =>
    ((await (await gw().request(`/api/${key}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as [{ success: { id: string } }])[0].success.id;

  beforeAll(async () => {
    key = await gw().createKey();
    ids.light = await addDevice(gw(), bridge(), key, colorLamp(), 11, LAMP_STATE);
    ids.group = await post('/groups', { name: 'Tags' });
    await gw().request(`/api/${key}/groups/${ids.group}`, { method: 'PUT', body: JSON.stringify({ lights: [ids.light] }) });
    ids.scene = await post(`/groups/${ids.group}/scenes`, { name: 'Tag scene' });
    ids.sensor = await createClip(gw(), key, clipBody('CLIPGenericFlag'));
    ids.rule = await post('/rules', {
      name: 'tags',
      conditions: [{ address: `/sensors/${ids.sensor}/state/flag`, operator: 'dx' }],
      actions: [{ address: `/groups/${ids.group}/action`, method: 'PUT', body: { on: true } }],
    });
    ids.schedule = await post('/schedules', {
      time: 'PT01:00:00',
      command: { address: `/api/${key}/groups/${ids.group}/action`, method: 'PUT', body: { on: true } },
    });
  });

  it.each(ENDPOINTS)('should send a quoted ETag with $row', async ({ method, path, body }) => {
    const url = `/api/${key}${path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!)}`;
    const res = await gw().request(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
  });
});
