import { beforeAll, beforeEach, expect, it } from 'vitest';
import { addDevice, awaitJson, getJson, setBridgeOnline } from '../helpers/bridge-devices';
import { expectDeconzError } from '../helpers/conformance';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';

const A = '0x0017880102a3b4c5';
const B = '0x0017880102a3b4c6';

/**
 * The spec's 503 on `PUT /groups/<id>` and `DELETE /groups/<id>`: membership lives on the lamps,
 * so a change needs them reachable and the bridge there; refused as a whole, nothing stored.
 */
describeOnRuntimesWithBridge('groups: membership needs reachable lights', (gw, bridge) => {
  let key: string;
  let a: string;
  let b: string;
  let hall: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const group = () => getJson<{ lights: string[]; name: string }>(gw(), key, `/groups/${hall}`);
  const reachable = async (ieee: string, id: string, value: boolean) => {
    await bridge().setState(ieee, 11, { reachable: value });
    await awaitJson(gw(), key, `/lights/${id}`, (light) => light.state.reachable === value);
  };

  beforeAll(async () => {
    key = await gw().createKey();
    a = await addDevice(gw(), bridge(), key, colorLamp(A, 'Lamp A'), 11, LAMP_STATE);
    b = await addDevice(gw(), bridge(), key, colorLamp(B, 'Lamp B'), 11, LAMP_STATE);
  });
  beforeEach(async () => {
    await reachable(A, a, true);
    await reachable(B, b, true);
    hall = ((await (await call('POST', '/groups', { name: `Hall ${Date.now()}` })).json()) as [{ success: { id: string } }])[0].success.id;
    expect((await call('PUT', `/groups/${hall}`, { lights: [a] })).status).toBe(200);
    bridge().requests.length = 0;
  });

  it('should refuse to add or remove an unreachable light with 503 type 202 and change nothing', async () => {
    const { name } = await group();
    await reachable(B, b, false);
    const add = await expectDeconzError(await call('PUT', `/groups/${hall}`, { lights: [a, b], name: 'Renamed' }), 503, 202, `/lights/${b}/state`);
    expect(add).toHaveLength(1);
    await reachable(A, a, false);
    await expectDeconzError(await call('PUT', `/groups/${hall}`, { lights: [] }), 503, 202, `/lights/${a}/state`);
    await expectDeconzError(await call('DELETE', `/groups/${hall}`), 503, 202, `/lights/${a}/state`);
    expect(bridge().requests).toEqual([]);
    expect(await group()).toMatchObject({ lights: [a], name });
    // A body that leaves the members alone does not need them.
    expect((await call('PUT', `/groups/${hall}`, { name: 'Renamed', lights: [a] })).status).toBe(200);
  });

  it('should refuse membership changes and deletes with 503 type 950 while the bridge is away', async () => {
    await setBridgeOnline(gw(), bridge(), key, false);
    try {
      await expectDeconzError(await call('PUT', `/groups/${hall}`, { lights: [a, b] }), 503, 950, `/groups/${hall}/lights`);
      await expectDeconzError(await call('DELETE', `/groups/${hall}`), 503, 950, `/groups/${hall}/lights`);
      expect((await call('PUT', `/groups/${hall}`, { name: 'Still renamable' })).status).toBe(200);
      expect(await group()).toMatchObject({ lights: [a], name: 'Still renamable' });
    } finally {
      await setBridgeOnline(gw(), bridge(), key, true);
    }
    expect(await (await call('DELETE', `/groups/${hall}`)).json()).toEqual([{ success: { id: hall } }]);
  });

  it('should let a lamp that is gone for good leave its groups, after which the group can go', async () => {
    await reachable(A, a, false);
    expect(await (await call('DELETE', `/lights/${a}/groups`)).json()).toEqual([{ success: { id: a } }]);
    expect((await group()).lights).toEqual([]);
    expect(await (await call('DELETE', `/groups/${hall}`)).json()).toEqual([{ success: { id: hall } }]);
    expect((await call('GET', `/groups/${hall}`)).status).toBe(404);
  });
});
