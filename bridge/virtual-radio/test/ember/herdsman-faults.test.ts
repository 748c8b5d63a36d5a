/**
 * Serial-link faults of the EmberZNet front as herdsman's ember adapter lives through them, each set
 * through the control API: NAKed and lost ASH frames, a stuck NCP, an NCP that resets by itself.
 * The bridge-level recovery (driver retirement, reconnect) is `bridge-radio-reboot`'s, per front.
 */
import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

const bulb = { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: '000b57fffe00fe01' };
const command = (name: 'on' | 'off') => ({ ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', command: name });

describe('EmberZNet link faults as zigbee-herdsman sees them', () => {
  const session = joinedSession([bulb], 'ember');
  const { h } = session;
  const onOff = async () => (await session.api('GET', `/devices/${bulb.ieee}`)).body.state.endpoints['1'].genOnOff.onOff;
  const linkFaults = async () => (await session.api('GET', '/health')).body.linkFaults;

  it('retransmits host frames the NCP NAKed, and the command goes through', async () => {
    expect((await session.api('POST', '/faults', { kind: 'ash-nak', frames: 2 })).status).toBe(201);
    await h('command', command('on'));
    expect(await onOff()).toBe(1);
    expect(await linkFaults()).toMatchObject({ nak: 0 });
  });

  it('gets a lost NCP frame again: the host NAKs the next one out of sequence and the NCP resends', async () => {
    await session.api('POST', '/faults', { kind: 'ash-lose', frames: 1 });
    await h('command', command('off'));
    expect(await onOff()).toBe(0);
    expect(await linkFaults()).toMatchObject({ lose: 0 });
    expect(session.herdsman.events).not.toContain('adapterDisconnected');
  });

  it('refuses a link fault with a bad shape', async () => {
    expect((await session.api('POST', '/faults', { kind: 'ash-nak' })).status).toBe(400);
    expect((await session.api('POST', '/faults', { kind: 'ncp-stuck', durationMs: 0 })).status).toBe(400);
  });

  it('shows an NCP that reset by itself (RSTACK, watchdog) to herdsman as adapterDisconnected', async () => {
    const reset = await session.api('POST', '/faults', { kind: 'ncp-reset', reason: 3 });
    expect(reset).toMatchObject({ status: 201, body: { kind: 'ncp-reset', reason: 3 } });
    await session.herdsman.waitEvent('adapterDisconnected', 5_000);
    // The NCP lost its RAM, not its tokens: the network stays the one formed.
    expect((await session.api('GET', '/health')).body).toMatchObject({ channel: 15, coordinator: expect.stringMatching(/^000d6f/) });
  });
});
