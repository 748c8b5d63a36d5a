import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

const bulb = { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: '000b57fffe00f001' };
const on = { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', command: 'on' };
const off = { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', command: 'off' };

describe('faults as zigbee-herdsman sees them', () => {
  const session = joinedSession([bulb]);
  const { h } = session;
  const onOff = async () => (await session.api('GET', `/devices/${bulb.ieee}`)).body.state.endpoints['1'].genOnOff.onOff;

  it('should reject a command to an offline device with MacNoAck after the retry, and work again once it is back', async () => {
    await session.api('POST', `/devices/${bulb.ieee}/offline`);
    await expect(h('command', on)).rejects.toThrow(/MacNoAck/);
    expect(await onOff()).toBe(0);
    await session.api('POST', `/devices/${bulb.ieee}/online`);
    await h('command', on);
    expect(await onOff()).toBe(1);
  });

  it('should survive one dropped frame through herdsman retrying with an APS ack', async () => {
    await session.api('POST', '/faults', { kind: 'drop', ieee: bulb.ieee, frames: 1 });
    await h('command', off);
    expect(await onOff()).toBe(0);
    expect((await session.api('GET', '/faults')).body).toEqual([]);
  });

  it('should fail a command when the frame and its retry are both dropped', async () => {
    await session.api('POST', '/faults', { kind: 'drop', ieee: bulb.ieee, frames: 2 });
    await expect(h('command', on)).rejects.toThrow(/MacNoAck/);
    expect(await onOff()).toBe(0);
  });

  it('should make a delayed device answer that much later', async () => {
    const fault = await session.api('POST', '/faults', { kind: 'delay', ieee: bulb.ieee, ms: 300 });
    const { ms } = await h('command', on);
    expect(ms).toBeGreaterThanOrEqual(550);
    await session.api('DELETE', `/faults/${fault.body.id}`);
    // Still delayed it could not beat 550 ms (above); gone, it does, with room for a loaded machine.
    expect((await h('command', off)).ms).toBeLessThan(550);
  });

  it('should time out a ZCL request when the device receives but never answers', async () => {
    await session.api('POST', '/faults', { kind: 'no-ack', ieee: bulb.ieee });
    await expect(h('read', { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', attributes: ['onOff'], timeout: 1_500 })).rejects.toThrow(/[Tt]imeout/);
    await session.api('DELETE', '/faults');
    expect(await h('read', { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', attributes: ['onOff'] })).toEqual({ onOff: 0 });
  });

  it('should count the frames the host sent to the device', async () => {
    await session.api('DELETE', '/counters');
    await h('command', on);
    await h('command', off);
    const counters = (await session.api('GET', '/counters')).body;
    const nwk = (await session.api('GET', `/devices/${bulb.ieee}`)).body.nwk as number;
    expect(counters.nwk[`0x${nwk.toString(16).padStart(4, '0')}`]).toBe(2);
    await session.waitDevice(bulb.ieee, (s) => s.endpoints['1'].genOnOff.onOff === 0);
  });

  it('should show a radio reboot to herdsman as adapterDisconnected', async () => {
    await session.api('POST', '/radio/reboot', { downMs: 300 });
    await session.herdsman.waitEvent('adapterDisconnected', 5_000);
    expect(session.herdsman.events).toContain('adapterDisconnected');
  });
});
