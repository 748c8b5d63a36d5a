import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

const bulb = { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: '000b57fffe00f101' };
const on = { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', command: 'on' };
const off = { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', command: 'off' };

/**
 * The radio's faults as herdsman's zstack adapter sees them: an unreachable device is a dataConfirm
 * 0xE9 (MAC no ack), which herdsman retries with route discovery and an address lookup before it
 * gives up; one dropped frame is absorbed by its first retry; a device that never answers times out
 * the ZCL request; a radio reboot is a lost adapter.
 */
describe('faults through the Z-Stack front', () => {
  const session = joinedSession([bulb], 'zstack');
  const { h } = session;
  const onOff = async () => (await session.api('GET', `/devices/${bulb.ieee}`)).body.state.endpoints['1'].genOnOff.onOff;

  it('should fail a command to an offline device with MAC no ack after the recovery path, and work once it is back', async () => {
    await session.api('POST', `/devices/${bulb.ieee}/offline`);
    await expect(h('command', on)).rejects.toThrow(/MAC no ack|0xe9|233/i);
    expect(await onOff()).toBe(0);
    await session.api('POST', `/devices/${bulb.ieee}/online`);
    await h('command', on);
    expect(await onOff()).toBe(1);
  }, 60_000);

  it('should survive one dropped frame through the adapter resending it', async () => {
    await session.api('POST', '/faults', { kind: 'drop', ieee: bulb.ieee, frames: 1 });
    await h('command', off);
    expect(await onOff()).toBe(0);
    expect((await session.api('GET', '/faults')).body).toEqual([]);
  }, 30_000);

  it('should time out a ZCL request when the device receives but never answers', async () => {
    await session.api('POST', '/faults', { kind: 'no-ack', ieee: bulb.ieee });
    await expect(h('read', { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', attributes: ['onOff'], timeout: 1_500 })).rejects.toThrow(/[Tt]imeout/);
    await session.api('DELETE', '/faults');
    expect(await h('read', { ieee: bulb.ieee, endpoint: 1, cluster: 'genOnOff', attributes: ['onOff'] })).toEqual({ onOff: 0 });
  }, 30_000);

  it('should show a radio reboot to herdsman as adapterDisconnected', async () => {
    await session.api('POST', '/radio/reboot', { downMs: 300 });
    await session.herdsman.waitEvent('adapterDisconnected', 5_000);
    expect(session.herdsman.events).toContain('adapterDisconnected');
  });
});
