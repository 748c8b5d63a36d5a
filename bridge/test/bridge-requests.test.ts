import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeProcess, type BridgeProcess } from './support/bridge-process';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';
import { eventually, startJoinedBridge, type JoinedBridge } from './support/joined-bridge';
import { radioProtocols } from '../../test/helpers/protocols';

/** Every request topic end to end, checked against the simulated devices' real groups, scenes and state. */
const LAMP_A = '0x0017880104a1300a';
const LAMP_B = '0x0017880104a1300b';
const OUTLET = '0x000b57fffe8a300c';
const GROUP = 7;

describe.each(radioProtocols())('bridge requests on %s', (protocol) => {
  let g: JoinedBridge;
  let again: BridgeProcess | undefined;
  let late: MqttProbe | undefined;
  const level = async (ieee: string) => (await g.real(ieee)).endpoints['11'].genLevelCtrl.currentLevel as number;
  const groupSet = async (body: Record<string, unknown>) => {
    const transaction = `g${Math.random()}`;
    await g.probe.publish(g.bt(`groups/${GROUP}/set`), { ...body, transaction });
    return (
      await g.probe.waitFor((m) => m.topic === g.bt(`groups/${GROUP}/set/result`) && m.json().transaction === transaction, 10_000, 'group result')
    ).json();
  };
  const after = (from: number, match: (m: { topic: string; json(): any }) => boolean, what: string, ms = 10_000) =>
    g.probe.waitFor((m) => g.probe.messages.indexOf(m) >= from && match(m), ms, what);

  beforeAll(async () => {
    g = await startJoinedBridge(
      [
        { model: 'LCT015', ieee: LAMP_A },
        { model: 'LCT015', ieee: LAMP_B },
        { model: 'TRADFRI-control-outlet', ieee: OUTLET },
      ],
      { RADIO_PROTOCOL: protocol },
    );
  }, 120_000);
  afterAll(async () => {
    await late?.close();
    await again?.stop();
    await g?.close();
  });

  it('should write group membership into the devices groups cluster', async () => {
    for (const [ieee, endpoint] of [
      [LAMP_A, 11],
      [LAMP_B, 11],
      [OUTLET, 1],
    ] as const) {
      expect(await g.request('group/add_member', { group: GROUP, ieee, endpoint })).toEqual({
        transaction: expect.any(String),
        status: 'ok',
        data: { group: GROUP, ieee, endpoint },
      });
      // Lights are also in the All group (0xfff0) since they joined.
      expect((await g.real(ieee)).groups[String(endpoint)]).toEqual(expect.arrayContaining([GROUP]));
    }
  });

  it('should switch the whole group with one groupcast, and a reporting member reports by itself', async () => {
    expect(await g.set(OUTLET, 1, { on: true })).toMatchObject({ status: 'ok' });
    await g.radio('/counters', { method: 'DELETE' });
    const from = g.probe.messages.length;
    expect(await groupSet({ on: false })).toMatchObject({ status: 'ok', data: { acknowledged: false, sent: ['on'] } });
    expect(await g.radio('/counters')).toMatchObject({ group: { [GROUP]: 1 }, total: 1 });
    // The bridge predicts members' state after a groupcast (the outlet also reports by itself).
    await after(from, (m) => m.topic === g.dt(OUTLET, '1/state') && m.json().state.on === false, 'outlet report');
  });

  it('should store a scene on the devices and recall it with one groupcast', async () => {
    expect(await groupSet({ on: true, bri: 80, transitiontime: 0 })).toMatchObject({ status: 'ok' });
    await eventually(
      () => Promise.all([level(LAMP_A), level(LAMP_B)]),
      (l) => l.every((v) => v === 80),
      5_000,
      'lamps at 80',
    );
    expect(await g.request('scene/store', { group: GROUP, scene: 3 })).toMatchObject({ status: 'ok', data: { group: GROUP, scene: 3 } });
    for (const ieee of [LAMP_A, LAMP_B]) {
      expect((await g.real(ieee)).scenes).toEqual([expect.objectContaining({ group: GROUP, scene: 3 })]);
    }
    expect(await groupSet({ bri: 200, transitiontime: 0 })).toMatchObject({ status: 'ok' });
    await eventually(
      () => level(LAMP_A),
      (v) => v === 200,
      5_000,
      'lamp at 200',
    );
    await g.radio('/counters', { method: 'DELETE' });
    expect(await g.request('scene/recall', { group: GROUP, scene: 3 })).toMatchObject({ status: 'ok', data: { group: GROUP, scene: 3 } });
    expect(await g.radio('/counters')).toMatchObject({ group: { [GROUP]: 1 }, total: 1 });
    await eventually(
      () => Promise.all([level(LAMP_A), level(LAMP_B)]),
      (l) => l.every((v) => v === 80),
      5_000,
      'scene recalled',
    );
  });

  it('should remove a scene from the devices', async () => {
    expect(await g.request('scene/remove', { group: GROUP, scene: 3 })).toMatchObject({ status: 'ok', data: { group: GROUP, scene: 3 } });
    expect((await g.real(LAMP_A)).scenes).toEqual([]);
    expect((await g.real(LAMP_B)).scenes).toEqual([]);
  });

  it('should remove a member from the group on the device', async () => {
    expect(await g.request('group/remove_member', { group: GROUP, ieee: LAMP_B, endpoint: 11 })).toMatchObject({ status: 'ok' });
    expect((await g.real(LAMP_B)).groups['11'] ?? []).not.toContain(GROUP);
    expect((await g.real(LAMP_A)).groups['11']).toContain(GROUP);
  });

  it('should read attributes and refresh state the bridge did not see change', async () => {
    // Lamp A changes through the group; Hue lamps do not report, so only a refresh shows it.
    expect(await groupSet({ bri: 33, transitiontime: 0 })).toMatchObject({ status: 'ok' });
    await eventually(
      () => level(LAMP_A),
      (v) => v === 33,
      5_000,
      'lamp at 33',
    );
    const read = await g.request('device/read', { ieee: LAMP_A, endpoint: 11, cluster: 'genLevelCtrl', attributes: ['currentLevel'] });
    expect(read).toMatchObject({ status: 'ok', data: { ieee: LAMP_A, endpoint: 11, cluster: 'genLevelCtrl', values: { currentLevel: 33 } } });
    const from = g.probe.messages.length;
    expect(await g.request('device/refresh', { ieee: LAMP_A })).toMatchObject({
      status: 'ok',
      data: { ieee: LAMP_A, endpoints: expect.arrayContaining([11]) },
    });
    await after(from, (m) => m.topic === g.dt(LAMP_A, '11/state') && m.json().state.bri === 33, 'refreshed state');
  });

  it('should answer a superseded command with its own code and send only the newest value', async () => {
    await g.radio('/faults', { method: 'POST', body: { kind: 'delay', ieee: LAMP_B.slice(2), ms: 300 } });
    const transactions = ['b1', 'b2', 'b3', 'b4'];
    await Promise.all(transactions.map((transaction, i) => g.probe.publish(g.dt(LAMP_B, '11/set'), { bri: 10 * (i + 1), transaction })));
    const results = await Promise.all(
      transactions.map(async (transaction) =>
        (await g.probe.waitFor((m) => m.topic === g.dt(LAMP_B, '11/set/result') && m.json().transaction === transaction, 10_000, transaction)).json(),
      ),
    );
    await g.radio('/faults', { method: 'DELETE' });
    expect(results.at(-1)).toMatchObject({ status: 'ok' });
    expect(results.filter((r) => r.status === 'error').map((r) => r.error.code)).toContain('superseded');
    expect(results.every((r) => r.status === 'ok' || r.error.code === 'superseded')).toBe(true);
    expect(await level(LAMP_B)).toBe(40);
  });

  it('should page the device list and report the network and a backup', async () => {
    const first = await g.request('devices', { limit: 2 });
    expect(first.data).toMatchObject({ total: 3, next: 2 });
    expect(first.data.devices.map((d: { ieee: string }) => d.ieee)).toEqual([OUTLET, LAMP_A].sort());
    const second = await g.request('devices', { offset: 2, limit: 2 });
    expect(second.data).toMatchObject({ total: 3, next: null, devices: [expect.objectContaining({ ieee: LAMP_B })] });
    const network = await g.request('network/info', {});
    expect(network.data).toMatchObject({
      bridge: g.bridge.bridgeId,
      channel: 15,
      panid: expect.any(Number),
      extpanid: expect.stringMatching(/^0x[0-9a-f]{16}$/),
    });
    const backup = await g.request('backup', {}, 15_000);
    expect(backup.status).toBe('ok');
    expect(JSON.stringify(backup.data.backup.metadata)).toContain('open-coordinator-backup');
    expect(backup.data.backup.channel).toBe(15);
  });

  it('should remove a device with a leave request, gone from the radio and its retained topic cleared', async () => {
    const from = g.probe.messages.length;
    expect(await g.request('device/remove', { ieee: OUTLET, leave: true }, 15_000)).toMatchObject({ status: 'ok', data: { ieee: OUTLET, left: true } });
    // The device acknowledges the leave and leaves a moment later, as a real one does.
    const joined = async () => (await g.radio('/devices')).joined.map((d: { ieee: string }) => d.ieee) as string[];
    await eventually(joined, (ieees) => !ieees.includes(OUTLET.slice(2)), 10_000, 'the outlet gone from the radio');
    await after(from, (m) => m.topic === g.dt(OUTLET) && (m as { payload?: string }).payload === '', 'cleared description');
    // Then the bridge's own retained state, in a second subscription: once it arrives, the broker
    // has sent whatever it retained for the first one (one client's messages go out in order).
    const late = await connectMqtt(g.bridge.mqttUrl, [g.dt(OUTLET), g.dt(OUTLET, '+/state')]);
    await late.client.subscribeAsync(g.bt('state'), { qos: 1 });
    await late.waitFor((m) => m.topic === g.bt('state'), 5_000, 'the retained bridge state');
    expect(late.messages.filter((m) => m.topic !== g.bt('state'))).toEqual([]);
    await late.close();
    await after(from, (m) => m.topic === g.bt('event') && m.json().type === 'leave' && m.json().ieee === OUTLET, 'leave event');
  });

  // The removed list is the bridge's own file, the same on every front: one front proves the restart.
  it.runIf(protocol === radioProtocols()[0])(
    'should remember a removed device across a restart: listed on the retained removed topic, its commands answered not_found',
    async () => {
      const removed = await g.probe.waitFor(
        (m) => m.topic === g.bt('removed') && m.json().devices.some((d: { ieee: string }) => d.ieee === OUTLET),
        5_000,
        'the removed list',
      );
      expect(removed.json().devices).toEqual([{ ieee: OUTLET, at: expect.any(Number), reason: 'removed' }]);
      await g.close();
      again = await startBridgeProcess({ dataDir: g.dataDir, env: { RADIO_PROTOCOL: protocol } });
      late = await connectMqtt(again.mqttUrl, ['herdgate/#']);
      const republished = await late.waitFor((m) => m.topic === `herdgate/bridge/${again!.bridgeId}/removed`, 10_000, 'the retained removed list');
      expect(republished.json()).toEqual(removed.json());
      await late.publish(g.dt(OUTLET, '1/set'), { on: true, transaction: 'gone' });
      const result = await late.waitFor((m) => m.topic === g.dt(OUTLET, '1/set/result') && m.json().transaction === 'gone', 10_000, 'the set result');
      expect(result.json()).toMatchObject({ status: 'error', error: { code: 'not_found' } });
    },
    60_000,
  );
});
