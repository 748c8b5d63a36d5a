import { beforeAll, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { awaitId, awaitJson, getJson } from '../helpers/bridge-devices';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp } from '../helpers/devices';

type Bindings = DeviceDescription['bindings'];

/** A two-button remote (ZHASwitch on endpoints 1 and 2) whose description lists its group bindings. */
function remote(ieee: string, bindings: Bindings): DeviceDescription {
  const mac = ieee.slice(2).match(/../g)!.join(':');
  const switchOn = (endpoint: number) => ({
    type: 'ZHASwitch', resource: 'sensors', uniqueid: `${mac}-0${endpoint}-0006`, endpoint, state: ['buttonevent'], config: ['battery', 'reachable', 'on'], buttonevents: [1002],
  });
  return {
    ...colorLamp(ieee, 'Hall remote'), manufacturername: 'eWeLink', modelid: 'WB02', powersource: 'battery',
    subdevices: [switchOn(1), switchOn(2)] as DeviceDescription['subdevices'],
    endpoints: [{ id: 1, profile: 0x0104, device: 0, in: [0, 1, 3], out: [3, 6] }, { id: 2, profile: 0x0104, device: 0, in: [0], out: [6] }],
    bindings,
  };
}
const bind = (endpoint: number, cluster: number, group: string) => ({ endpoint, cluster, group: Number(group), reporting: [] });
const buttons = (ieee: string) => ieee.slice(2).match(/../g)!.join(':');

/** `devicemembership` of a group: the sensors of the devices bound to it, following the bindings the bridge reports. */
describeOnRuntimesWithBridge('groups: device membership', (gw, bridge) => {
  let key: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const group = (id: string) => getJson<{ devicemembership: string[]; etag: string }>(gw(), key, `/groups/${id}`);
  const members = (id: string, count: number) => awaitJson(gw(), key, `/groups/${id}`, (g) => g.devicemembership.length === count);
  const newGroups = async (...names: string[]) => {
    const ids: string[] = [];
    for (const name of names) ids.push(((await (await call('POST', '/groups', { name })).json()) as [{ success: { id: string } }])[0].success.id);
    return ids;
  };
  /** Publishes the remote and waits until the gateway lists its buttons; their sensor ids. */
  const addRemote = async (ieee: string, bindings: Bindings) => {
    await bridge().addDevice(remote(ieee, bindings), 1, { buttonevent: 1002, lastupdated: 'none' });
    const mac = buttons(ieee);
    return [await awaitId(gw(), key, 'sensors', `${mac}-01-0006`), await awaitId(gw(), key, 'sensors', `${mac}-02-0006`)] as const;
  };

  beforeAll(async () => {
    key = await gw().createKey();
  });

  it('should list the sensors of a bound remote and follow its bindings as they change', async () => {
    const ieee = '0x00124b0022a1300c';
    const [hall, porch] = await newGroups('Hall', 'Porch');
    const [first, second] = await addRemote(ieee, [bind(1, 6, hall!), bind(1, 8, hall!), bind(2, 6, porch!)]);
    await members(porch!, 1);
    const before = await group(hall!);
    expect(before.devicemembership).toEqual([first]);
    expect((await group(porch!)).devicemembership).toEqual([second]);
    const list = await getJson<Record<string, { devicemembership: string[] }>>(gw(), key, '/groups');
    expect(list[hall!]!.devicemembership).toEqual([first]);

    // Unbound from the hall, both buttons now on the porch.
    await bridge().describeDevice(remote(ieee, [bind(1, 6, porch!), bind(2, 6, porch!)]));
    await members(hall!, 0);
    const after = await group(hall!);
    expect(after.devicemembership).toEqual([]);
    expect(after.etag).not.toBe(before.etag);
    expect((await group(porch!)).devicemembership).toEqual([first, second]);
  });

  it('should keep the membership across a restart and drop it when the remote leaves', async () => {
    const ieee = '0x00124b0022a1300d';
    const [hall] = await newGroups('Kept hall');
    await addRemote(ieee, [bind(1, 6, hall!)]);
    const kept = (await members(hall!, 1)).devicemembership;
    // Read at once: until the bridge has described the remote again, the stored membership stands.
    await gw().restart();
    expect((await group(hall!)).devicemembership).toEqual(kept);
    await awaitJson(gw(), key, '/config', (config) => config.rfconnected === true, 30_000);
    expect((await group(hall!)).devicemembership).toEqual(kept);
    await bridge().removeDevice(ieee);
    await members(hall!, 0);
    expect((await group(hall!)).devicemembership).toEqual([]);
  });

  it('should stay empty for a group no device is bound to (group.devicemembership)', async () => {
    const [lonely] = await newGroups('Lonely');
    await addRemote('0x00124b0022a1300e', [{ endpoint: 1, cluster: 1, reporting: [{ attribute: 0x21, min: 3600, max: 7200, change: 2 }] }]);
    expect((await group(lonely!)).devicemembership).toEqual([]);
  });
});
