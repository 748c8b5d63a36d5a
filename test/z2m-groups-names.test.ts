import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, radioControl, type MqttProbe } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMPS = ['0017880104a1c201', '0017880104a1c202'];

/**
 * The Zigbee2MQTT-compatible API and the REST api on the real stack share one set of groups and one
 * name per device: a group made, renamed, filled or removed over Zigbee2MQTT's requests is that REST
 * group, a REST group shows on `bridge/groups`, and a rename on either side renames both. The api's
 * account sends the requests (the network map is for it and admins only).
 */
describe('z2m api with the REST api: one set of groups, one name per device', () => {
  let stack: Stack;
  let z2m: MqttProbe;
  let seq = 0;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const lightOf = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)!;
  const request = async (name: string, payload: Record<string, unknown>) => {
    const transaction = `t-${++seq}`;
    await z2m.publish(`zigbee2mqtt/bridge/request/${name}`, { ...payload, transaction });
    const answer = await waitFor(
      () => z2m.messages.find((m) => m.topic === `zigbee2mqtt/bridge/response/${name}` && m.payload.includes(`"${transaction}"`)),
      `${name} response`,
      30_000,
    );
    return JSON.parse(answer.payload) as { status: string; data: Record<string, any>; error?: string };
  };
  const lastGroups = () => {
    const list = z2m.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/groups').at(-1);
    return list ? (JSON.parse(list.payload) as Array<{ id: number; friendly_name: string; members: Array<{ ieee_address: string; endpoint: number }> }>) : [];
  };

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
    for (const ieee of LAMPS) await control('POST', '/devices', { model: 'LCT015', ieee });
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(
      () => LAMPS.every((ieee) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview === 'successful' && lightOf(ieee)),
      'the lamps',
      60_000,
      100,
    );
    await stack.rest.put('/config', { permitjoin: 0 });
    z2m = await connectMqtt(stack.mqttUrl, ['zigbee2mqtt/#'], { username: stack.mqttAccount.MQTT_USER, password: stack.mqttAccount.MQTT_PASSWORD });
  }, 120_000);

  afterAll(async () => {
    await z2m?.close();
    await stack?.close();
  }, 60_000);

  it('should make, fill, rename and remove REST groups through Zigbee2MQTT requests', async () => {
    const added = await request('group/add', { friendly_name: 'Kitchen' });
    expect(added).toMatchObject({ status: 'ok', data: { friendly_name: 'Kitchen' } });
    const id = added.data.id as number;
    expect((await stack.rest.get(`/groups/${id}`)).body).toMatchObject({ name: 'Kitchen', lights: [] });
    expect(await request('group/add', { friendly_name: 'Kitchen' })).toMatchObject({ status: 'error', error: "friendly_name 'Kitchen' is already in use" });

    const lamp = stack.api.services.bridge.devices().get(`0x${LAMPS[0]}`)!.name;
    expect(await request('group/members/add', { group: 'Kitchen', device: lamp })).toMatchObject({ status: 'ok', data: { device: lamp, group: 'Kitchen' } });
    expect((await stack.rest.get(`/groups/${id}`)).body.lights).toEqual([lightOf(LAMPS[0]).row.id]);
    // REST lists a member only once the lamp acknowledged the Add Group command.
    await waitFor(
      () => lastGroups().find((g) => g.id === id && g.friendly_name === 'Kitchen' && g.members.some((m) => m.ieee_address === `0x${LAMPS[0]}`)),
      'bridge/groups with the member',
      10_000,
    );

    expect(await request('group/rename', { from: 'Kitchen', to: 'Pantry' })).toEqual(
      expect.objectContaining({ status: 'ok', data: { from: 'Kitchen', to: 'Pantry', homeassistant_rename: false } }),
    );
    expect((await stack.rest.get(`/groups/${id}`)).body.name).toBe('Pantry');
    await waitFor(() => lastGroups().find((g) => g.id === id && g.friendly_name === 'Pantry'), 'the renamed group', 10_000);

    // A REST group shows over Zigbee2MQTT, by its REST name.
    const made = await stack.rest.post('/groups', { name: 'Hall' });
    const hall = Number(made.body[0].success.id);
    await waitFor(() => lastGroups().find((g) => g.id === hall && g.friendly_name === 'Hall'), 'the REST group on bridge/groups', 10_000);

    expect(await request('group/remove', { id: 'Pantry' })).toMatchObject({ status: 'ok', data: { id: 'Pantry', force: false } });
    expect((await stack.rest.get(`/groups/${id}`)).status).toBe(404);
    await waitFor(() => !lastGroups().some((g) => g.id === id), 'the group gone from bridge/groups', 10_000);
  }, 90_000);

  it('should keep one name per device, renamed from either side', async () => {
    const ieee = `0x${LAMPS[1]}`;
    // Both lamps have the same default name: the second one's friendly name is its address.
    expect(await request('device/rename', { from: ieee, to: 'Desk lamp' })).toMatchObject({ status: 'ok', data: { from: ieee, to: 'Desk lamp' } });
    await waitFor(() => lightOf(LAMPS[1]).row.name === 'Desk lamp', 'the REST light following the rename', 10_000);
    expect((await stack.rest.get(`/lights/${lightOf(LAMPS[1]).row.id}`)).body.name).toBe('Desk lamp');

    const rest = await stack.rest.put(`/lights/${lightOf(LAMPS[1]).row.id}`, { name: 'Reading lamp' });
    expect(rest.body).toEqual([{ success: { [`/lights/${lightOf(LAMPS[1]).row.id}/name`]: 'Reading lamp' } }]);
    await waitFor(() => z2m.messages.find((m) => m.topic === 'zigbee2mqtt/Desk lamp/availability' && m.payload === ''), 'the old topic emptied', 10_000);
    await waitFor(() => z2m.messages.find((m) => m.topic === 'zigbee2mqtt/Reading lamp/availability' && m.payload.includes('online')), 'the new topic', 10_000);
    await waitFor(
      () => {
        const list = JSON.parse(z2m.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/devices').at(-1)!.payload) as Array<{
          ieee_address: string;
          friendly_name: string;
        }>;
        return list.find((d) => d.ieee_address === ieee)?.friendly_name === 'Reading lamp';
      },
      'bridge/devices with the REST name',
      10_000,
    );
  }, 60_000);

  it('should answer networkmap as Zigbee2MQTT does, raw and graphviz', async () => {
    const raw = await request('networkmap', { type: 'raw', routes: false });
    expect(raw).toMatchObject({ status: 'ok', data: { type: 'raw', routes: false } });
    const nodes = raw.data.value.nodes as Array<{ ieeeAddr: string; type: string; friendlyName: string }>;
    expect(nodes.map((n) => n.ieeeAddr).sort()).toEqual(expect.arrayContaining(LAMPS.map((l) => `0x${l}`)));
    expect(nodes.find((n) => n.type === 'Coordinator')?.friendlyName).toBe('Coordinator');
    const link = (raw.data.value.links as Array<Record<string, any>>)[0];
    expect(link).toMatchObject({
      source: { ieeeAddr: expect.any(String) },
      target: { ieeeAddr: expect.any(String) },
      lqi: expect.any(Number),
      linkquality: link.lqi,
      routes: [],
    });
    const dot = await request('networkmap', { type: 'graphviz' });
    expect(dot.data.value).toMatch(/^digraph G \{\nnode\[shape=record\];\n/);
    expect(dot.data.value).toContain('Reading lamp');
  }, 60_000);
});
