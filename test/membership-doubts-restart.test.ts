import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from './helpers/gateway';
import { connectMqtt, radioControl } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMP = '0017880104a1f101';

/**
 * A group membership the gateway could not vouch for survives an api restart: a leave whose frames
 * the radio dropped fails (the stored list keeps the lamp), the device then takes a leave after
 * all (as when only the answer was lost), and the api, stopped and started again, still asserts
 * the stored membership on the device once it follows the bridge.
 */
describe('doubted group memberships across an api restart', () => {
  let stack: Stack;
  let api: NodeGateway | undefined;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const groupsOnDevice = async () => ((await control('GET', `/devices/${LAMP}`)) as { state: { groups: Record<string, number[]> } }).state.groups['11'] ?? [];

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
    await control('POST', '/devices', { model: 'LCT015', ieee: LAMP });
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(
      () => stack.api.services.bridge.devices().get(`0x${LAMP}`)?.interview === 'successful' && stack.api.services.lights.live().length > 0,
      'the lamp',
      60_000,
      100,
    );
    await stack.rest.put('/config', { permitjoin: 0 });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await stack?.close();
  }, 60_000);

  it('should assert a doubted membership on the device after the api restarts', async () => {
    const light = stack.api.services.lights.live()[0]!.row.id;
    const group = (await stack.rest.post('/groups', { name: 'Doubt', lights: [light] })).body[0].success.id as string;
    expect(await groupsOnDevice()).toContain(Number(group));
    await control('POST', '/faults', { kind: 'drop', ieee: LAMP, frames: 6 });
    const refused = await stack.rest.put(`/groups/${group}`, { lights: [] });
    await control('DELETE', '/faults');
    expect(refused.body.some((item: Record<string, unknown>) => 'error' in item)).toBe(true);
    expect((await stack.rest.get(`/groups/${group}`)).body.lights).toEqual([light]);
    // The device leaves the group after all (its answer lost, as far as the gateway knows).
    const bridgeId = stack.api.services.bridge.info()!.bridge;
    const probe = await connectMqtt(stack.mqttUrl, [`herdgate/bridge/${bridgeId}/response/group/remove_member`]);
    try {
      await probe.publish(`herdgate/bridge/${bridgeId}/request/group/remove_member`, {
        group: Number(group),
        ieee: `0x${LAMP}`,
        endpoint: 11,
        transaction: 'took-it',
      });
      await waitFor(() => probe.messages.some((m) => m.payload.includes('took-it') && m.payload.includes('"ok"')), 'the leave taken by the device', 15_000, 50);
    } finally {
      await probe.close();
    }
    expect(await groupsOnDevice()).not.toContain(Number(group));
    await stack.api.close();
    api = await startLoopbackGateway(
      {
        DATABASE_URL: `file:${join(stack.dir, 'api.db')}`,
        MQTT_URL: stack.mqttUrl,
        ...stack.mqttAccount,
      },
      { logger: pino({ level: 'silent' }) },
    );
    // The stored list says the lamp is in the group; the kept doubt has it asserted on the device.
    await waitFor(async () => (await groupsOnDevice()).includes(Number(group)), 'the membership asserted again on the device', 20_000, 100);
    await waitFor(() => api!.services.groups.doubts.groups().length === 0, 'the doubt settled', 10_000, 50);
  }, 90_000);
});
