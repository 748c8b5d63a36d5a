import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_LIGHTS_GROUP } from '@herdgate/shared/mqtt';
import { COLOR_LAMP, PLUG, REMOTE } from '../support/fake-devices';
import { waitFor } from '../../../test/helpers/wait';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/** Group membership, predicted member state after a groupcast, and a remote's group commands (fake radio). */
describe('group sync', () => {
  let b: InProcessBridge;
  const stateOf = (ieee: string, endpoint: number, test: (s: Record<string, unknown>) => boolean) => (m: { topic: string; payload: string; json(): any }) =>
    m.topic === b.dt(ieee, `${endpoint}/state`) && m.payload !== '' && test(m.json().state);

  beforeAll(async () => {
    b = await startInProcessBridge([COLOR_LAMP, PLUG, REMOTE]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should put every light in the All group at start, and nothing else', async () => {
    await b.probe.waitFor((m) => m.topic === b.bt('info'), 3_000, 'bridge info');
    const joined = () =>
      b.radio
        .groupMembers(ALL_LIGHTS_GROUP)
        .map((m) => `${m.ieee}/${m.endpoint}`)
        .sort();
    await waitFor(() => joined().length >= 2, 'the lights in the All group', 3_000);
    expect(joined()).toEqual([`${PLUG.ieee}/1`, `${COLOR_LAMP.ieee}/11`].sort());
  });

  it('should publish each member state predicted from a groupcast, relative changes included', async () => {
    expect(await b.request('group/add_member', { group: 7, ieee: COLOR_LAMP.ieee, endpoint: 11 })).toMatchObject({ status: 'ok' });
    expect(await b.request('group/add_member', { group: 7, ieee: PLUG.ieee, endpoint: 1 })).toMatchObject({ status: 'ok' });
    expect(await b.set(COLOR_LAMP.ieee, 11, { on: true, bri: 100 })).toMatchObject({ status: 'ok' });
    expect(await b.groupSet(7, { on: false })).toMatchObject({ status: 'ok', data: { sent: ['on'] } });
    await b.probe.waitFor(
      stateOf(COLOR_LAMP.ieee, 11, (s) => s.on === false),
      3_000,
      'lamp predicted off',
    );
    await b.probe.waitFor(
      stateOf(PLUG.ieee, 1, (s) => s.on === false),
      3_000,
      'plug predicted off',
    );
    expect(await b.groupSet(7, { bri_inc: 20 })).toMatchObject({ status: 'ok' });
    await b.probe.waitFor(
      stateOf(COLOR_LAMP.ieee, 11, (s) => s.bri === 120),
      3_000,
      'lamp predicted 100 + 20',
    );
  });

  it('should not predict a member that is away: it did not hear the groupcast', async () => {
    b.radio.fail(PLUG.ieee, 'no_ack');
    expect(await b.set(PLUG.ieee, 1, { on: true })).toMatchObject({ status: 'error', error: { code: 'no_ack' } });
    await b.probe.waitFor((m) => m.topic === b.dt(PLUG.ieee) && m.json().availability === 'offline', 3_000, 'plug offline');
    const from = b.probe.messages.length;
    expect(await b.groupSet(7, { on: true })).toMatchObject({ status: 'ok' });
    await b.probe.waitFor(
      stateOf(COLOR_LAMP.ieee, 11, (s) => s.on === true),
      3_000,
      'lamp predicted on',
    );
    expect(b.probe.messages.slice(from).filter(stateOf(PLUG.ieee, 1, (s) => s.on === true))).toEqual([]);
  });

  it("should publish a remote's groupcast as a group command and predict the group from it", async () => {
    b.radio.emit('groupCommand', { ieee: REMOTE.ieee, endpoint: 1, group: 7, cluster: 'genOnOff', command: 'off', payload: {} });
    const event = await b.probe.waitFor((m) => m.topic === b.bt('event') && m.json().type === 'group_command', 3_000, 'group command event');
    expect(event.json()).toMatchObject({ ieee: REMOTE.ieee, data: { group: 7 } });
    await b.probe.waitFor(
      stateOf(COLOR_LAMP.ieee, 11, (s) => s.on === false),
      3_000,
      'lamp predicted off by the remote',
    );
  });
});
