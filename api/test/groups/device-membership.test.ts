import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import type { TestGateway } from '../helpers/gateway';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway, waitFor } from '../lights/harness';

/** A two-button remote (ZHASwitch on endpoints 1 and 2) whose description lists its group bindings. */
function remote(bindings: DeviceDescription['bindings']): DeviceDescription {
  const mac = '00:12:4b:00:22:a1:30:0c';
  const switchOn = (endpoint: number) => ({
    type: 'ZHASwitch', resource: 'sensors', uniqueid: `${mac}-0${endpoint}-0006`, endpoint, state: ['buttonevent'], config: ['battery', 'reachable', 'on'], buttonevents: [1002],
  });
  return {
    ...colorLamp('0x00124b0022a1300c', 'Hall remote'), manufacturername: 'eWeLink', modelid: 'WB02', powersource: 'battery',
    subdevices: [switchOn(1), switchOn(2)] as DeviceDescription['subdevices'],
    endpoints: [{ id: 1, profile: 0x0104, device: 0, in: [0, 1, 3], out: [3, 6] }, { id: 2, profile: 0x0104, device: 0, in: [0], out: [6] }],
    bindings,
  };
}

/** `devicemembership` of a group: the sensors of the devices bound to it, following the bindings the bridge reports. */
describe('groups: device membership', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const group = async (id: string) => (await (await gw.request(`/api/${key}/groups/${id}`)).json()) as { devicemembership: string[]; etag: string };
  const sensorOf = (uniqueid: string) => Object.entries(gw.gateway.services.sensors.list()).find(([, s]) => s.uniqueid === uniqueid)?.[0];

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, LAMP_STATE);
    ({ gw, key } = await startLightingGateway(link));
    for (const name of ['Hall', 'Porch']) await gw.request(`/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name }) });
  });
  afterEach(async () => { await gw.close(); });

  it('should list the sensors of a bound remote and follow its bindings as they change', async () => {
    link.addDevice(remote([{ endpoint: 1, cluster: 6, group: 1, reporting: [] }, { endpoint: 1, cluster: 8, group: 1, reporting: [] }, { endpoint: 2, cluster: 6, group: 2, reporting: [] }]), 1, { buttonevent: 1002, lastupdated: 'none' });
    await waitFor(() => sensorOf('00:12:4b:00:22:a1:30:0c-02-0006') !== undefined);
    const first = sensorOf('00:12:4b:00:22:a1:30:0c-01-0006')!;
    const second = sensorOf('00:12:4b:00:22:a1:30:0c-02-0006')!;
    await waitFor(() => gw.gateway.services.groups.get('2')!.record.devicemembership.length === 1);
    const before = await group('1');
    expect(before.devicemembership).toEqual([first]);
    expect((await group('2')).devicemembership).toEqual([second]);
    const list = (await (await gw.request(`/api/${key}/groups`)).json()) as Record<string, { devicemembership: string[] }>;
    expect(list['1']!.devicemembership).toEqual([first]);

    // Unbound from group 1, both buttons now on group 2.
    link.emit({ kind: 'device', device: remote([{ endpoint: 1, cluster: 6, group: 2, reporting: [] }, { endpoint: 2, cluster: 6, group: 2, reporting: [] }]) });
    await waitFor(() => gw.gateway.services.groups.get('1')!.record.devicemembership.length === 0);
    const after = await group('1');
    expect(after.devicemembership).toEqual([]);
    expect(after.etag).not.toBe(before.etag);
    expect((await group('2')).devicemembership).toEqual([first, second]);
  });

  it('should keep the membership across a restart and drop it when the remote leaves', async () => {
    link.addDevice(remote([{ endpoint: 1, cluster: 6, group: 1, reporting: [] }]), 1, { buttonevent: 1002, lastupdated: 'none' });
    await waitFor(() => gw.gateway.services.groups.get('1')!.record.devicemembership.length === 1);
    const members = (await group('1')).devicemembership;
    gw = await gw.restart();
    key = await gw.createKey();
    expect((await group('1')).devicemembership).toEqual(members);
    link.emit({ kind: 'device-removed', ieee: '0x00124b0022a1300c' });
    await waitFor(() => gw.gateway.services.groups.get('1')!.record.devicemembership.length === 0);
    expect((await group('1')).devicemembership).toEqual([]);
  });

  it('should stay empty for a group no device is bound to (group.devicemembership)', async () => {
    link.addDevice(remote([{ endpoint: 1, cluster: 1, reporting: [{ attribute: 0x21, min: 3600, max: 7200, change: 2 }] }]), 1, { buttonevent: 1002, lastupdated: 'none' });
    await waitFor(() => sensorOf('00:12:4b:00:22:a1:30:0c-01-0006') !== undefined);
    expect((await group('1')).devicemembership).toEqual([]);
  });
});
