import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';
import { waitFor } from '../../../../test/helpers/wait';

const devices = {
  bulbA: { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: '000b57fffe00e001' },
  bulbB: { model: 'LCT015', ieee: '0017880100e00002' },
  sensor: { model: 'TH01', ieee: '00124b0022e00003' },
  remote: { model: 'TRADFRI-remote-control', ieee: '000b57fffe00e006' },
};

describe('network-level behaviour through zigbee-herdsman', () => {
  const session = joinedSession(Object.values(devices));
  const { h } = session;

  it('should answer the coordinator LQI table from the simulated topology', async () => {
    const table = (await h('lqi')) as Array<{ eui64: string; deviceType: number; relationship: number; lqi: number }>;
    const routers = table
      .filter((n) => n.deviceType === 1)
      .map((n) => n.eui64)
      .sort();
    expect(routers).toEqual([`0x${devices.bulbA.ieee}`, `0x${devices.bulbB.ieee}`].sort());
    expect(table.every((n) => n.relationship === 1 && n.lqi >= 120)).toBe(true);
    // The sensor hangs off a router, not the coordinator.
    expect(table.some((n) => n.eui64 === `0x${devices.sensor.ieee}`)).toBe(false);
  });

  it('should send one groupcast that every member endpoint receives', async () => {
    await h('addToGroup', { ieee: devices.bulbA.ieee, endpoint: 1, group: 7 });
    await h('addToGroup', { ieee: devices.bulbB.ieee, endpoint: 11, group: 7 });
    await session.api('DELETE', '/counters');
    await h('groupCommand', { group: 7, cluster: 'genOnOff', command: 'on' });
    await session.waitDevice(devices.bulbA.ieee, (s) => s.endpoints['1'].genOnOff.onOff === 1);
    await session.waitDevice(devices.bulbB.ieee, (s) => s.endpoints['11'].genOnOff.onOff === 1);
    const counters = (await session.api('GET', '/counters')).body;
    expect(counters).toMatchObject({ group: { '7': 1 }, nwk: {}, total: 1 });
  });

  it('should carry a remote bound to a group straight to the member lamps, and show the groupcast to the host', async () => {
    await h('bindToGroup', { ieee: devices.remote.ieee, endpoint: 1, cluster: 'genOnOff', group: 7 });
    const before = (await session.api('GET', `/devices/${devices.bulbA.ieee}`)).body.state.endpoints['1'].genOnOff.onOff;
    await session.api('POST', `/devices/${devices.remote.ieee}/actions/press`, { button: 'toggle' });
    await session.waitDevice(devices.bulbA.ieee, (s) => s.endpoints['1'].genOnOff.onOff === 1 - before);
    await session.waitDevice(devices.bulbB.ieee, (s) => s.endpoints['11'].genOnOff.onOff === 1 - before);
    // The host hears the groupcast too, but may process it after the lamps switched.
    const heard = await h('waitMessage', { ieee: devices.remote.ieee, type: 'commandToggle', cluster: 'genOnOff' });
    expect(heard).toMatchObject({ type: 'commandToggle', cluster: 'genOnOff' });
  });

  it('should join a device put in the pool while the window is open, and a pre-joined one at once', async () => {
    const pooled = await session.api('POST', '/devices', { model: 'WB01', ieee: '00124b0022e00004' });
    expect(pooled.status).toBe(201);
    const now = await session.api('POST', '/devices', { model: 'DS01', ieee: '00124b0022e00005', join: 'now' });
    expect(now).toMatchObject({ status: 201, body: { ieee: '00124b0022e00005', online: true, logicalType: 'end-device' } });
    expect((await h('waitInterview', { ieee: '00124b0022e00004', timeoutMs: 20_000 })).status).toBe('successful');
    expect((await h('waitInterview', { ieee: '00124b0022e00005', timeoutMs: 20_000 })).status).toBe('successful');
    expect((await session.api('POST', '/devices', { model: 'WB01', ieee: '00124b0022e00004' })).status).toBe(409);
  });

  it('should remove a device with Mgmt_Leave and forget it on the radio', async () => {
    await h('remove', { ieee: devices.sensor.ieee });
    // The device answers first and leaves a moment later, as a real one does.
    const joined = async () => (await session.api('GET', '/devices')).body.joined.map((d: { ieee: string }) => d.ieee) as string[];
    await waitFor(async () => !(await joined()).includes(devices.sensor.ieee), 'the sensor leaving');
    expect((await session.api('GET', `/devices/${devices.sensor.ieee}`)).status).toBe(404);
  });
});
