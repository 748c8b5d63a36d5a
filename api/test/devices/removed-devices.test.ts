import { beforeAll, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { addDevice, awaitJson, getJson, restartFollowing } from '../helpers/bridge-devices';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { listenEvents } from '../helpers/events';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';

/**
 * The bridge's retained record of the devices it no longer has, on both runtimes (the real stack,
 * with an api that was away, is test/devices-removed-offline.test.ts): a removed device's light and
 * sensors are deleted and leave groups, scenes and devicemembership; after a new network only the
 * sensors go; a restart changes nothing further.
 */
const remote = (ieee: string): DeviceDescription => {
  const mac = ieee.slice(2).match(/../g)!.join(':');
  return {
    ...colorLamp(ieee, 'Remote'),
    modelid: 'E1524/E1810',
    productid: 'E1524/E1810',
    powersource: 'battery',
    subdevices: [
      { type: 'ZHASwitch', resource: 'sensors', uniqueid: `${mac}-01-1000`, endpoint: 1, state: ['buttonevent'], config: ['battery', 'reachable', 'on'] },
    ],
  };
};

describeOnRuntimesWithBridge('devices the bridge no longer has', (gw, bridge) => {
  let key: string;
  const post = async (path: string, body: unknown) =>
    ((await (await gw().request(`/api/${key}${path}`, jsonInit('POST', body))).json()) as [{ success: { id: string } }])[0].success.id;
  const status = async (path: string) => (await gw().request(`/api/${key}${path}`)).status;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  it("should delete a removed device's light and sensor, out of its group and scene, with events, and keep the rest", async () => {
    const [gone, kept, button] = ['0x0017880102aa0001', '0x0017880102aa0002', '0x000b57fffeaa0003'];
    const goneId = await addDevice(gw(), bridge(), key, colorLamp(gone, 'Gone lamp'), 11, LAMP_STATE);
    const keptId = await addDevice(gw(), bridge(), key, colorLamp(kept, 'Kept lamp'), 11, LAMP_STATE);
    const sensorId = await addDevice(gw(), bridge(), key, remote(button), 1, { buttonevent: 1002, lastupdated: '2026-01-15T11:58:10.000' });
    const group = await post('/groups', { name: 'Removal hall', lights: [goneId, keptId] });
    const scene = await post(`/groups/${group}/scenes`, { name: 'Evening' });
    // A group's member list travels in herdgate's own part of the event: only asked-for clients get it.
    const events = await listenEvents(gw(), undefined, { extensions: true });
    for (const ieee of [gone, button]) await bridge().removeDevice(ieee);
    await bridge().publishRemoved([
      { ieee: gone, at: Date.now(), reason: 'removed' },
      { ieee: button, at: Date.now(), reason: 'left' },
    ]);
    await awaitJson(gw(), key, `/groups/${group}`, (g) => g.lights.length === 1);
    expect(await status(`/lights/${goneId}`)).toBe(404);
    expect(await status(`/sensors/${sensorId}`)).toBe(404);
    expect((await getJson(gw(), key, `/groups/${group}/scenes/${scene}`)).lights.map((l: { id: string }) => l.id)).toEqual([keptId]);
    expect((await getJson(gw(), key, `/lights/${keptId}`)).name).toBe('Kept lamp');
    await events.until(
      (all) =>
        all.some((e) => e.e === 'deleted' && e.r === 'lights') &&
        all.some((e) => e.e === 'deleted' && e.r === 'sensors') &&
        all.some((e) => e.r === 'groups' && e.e === 'changed' && Array.isArray(e.lights)),
    );
    expect(
      events.events
        .filter((e) => e.e === 'deleted')
        .map((e) => `${e.r as string}/${e.id as string}`)
        .sort(),
    ).toEqual([`lights/${goneId}`, `sensors/${sensorId}`]);
    events.close();
    // The record is retained: read again at the next start, it finds nothing more to remove.
    await restartFollowing(gw(), key);
    expect((await getJson(gw(), key, `/groups/${group}`)).lights).toEqual([keptId]);
    expect(await status(`/lights/${keptId}`)).toBe(200);
  });

  it('should keep the lights after a new network and delete only the sensors', async () => {
    const [lamp, button, marker] = ['0x0017880102aa0011', '0x000b57fffeaa0013', '0x0017880102aa0014'];
    const lampId = await addDevice(gw(), bridge(), key, colorLamp(lamp, 'Reset lamp'), 11, LAMP_STATE);
    const sensorId = await addDevice(gw(), bridge(), key, remote(button), 1, { buttonevent: 1002, lastupdated: '2026-01-15T11:58:10.000' });
    const markerId = await addDevice(gw(), bridge(), key, colorLamp(marker, 'Marker lamp'), 11, LAMP_STATE);
    for (const ieee of [lamp, button]) await bridge().removeDevice(ieee);
    const reset = [lamp, button].map((ieee) => ({ ieee, at: Date.now(), reason: 'reset' as const }));
    await bridge().publishRemoved(reset);
    await awaitJson(gw(), key, '/sensors', (sensors) => sensors[sensorId] === undefined);
    // Records are handled in order: once a later one's removal shows, the reset one was handled.
    await bridge().removeDevice(marker);
    await bridge().publishRemoved([...reset, { ieee: marker, at: Date.now(), reason: 'removed' }]);
    await awaitJson(gw(), key, '/lights', (lights) => lights[markerId] === undefined);
    expect(await status(`/lights/${lampId}`)).toBe(200);
  });
});
