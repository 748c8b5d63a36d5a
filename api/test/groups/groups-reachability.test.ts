import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError } from '../helpers/conformance';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway, waitFor } from '../lights/harness';

const A = '0x0017880102a3b4c5';
const B = '0x0017880102a3b4c6';

/**
 * The spec's 503 on `PUT /groups/<id>` and `DELETE /groups/<id>`: membership lives on the lamps,
 * so a change needs them reachable and the bridge there; refused as a whole, nothing stored.
 */
describe('groups: membership needs reachable lights', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const group = async () => (await (await call('GET', '/groups/1')).json()) as { lights: string[]; name: string };
  const unreachable = async (ieee: string, id: string) => {
    link.setState(ieee, 11, { reachable: false });
    await waitFor(() => gw.gateway.services.lights.get(id)!.state.reachable === false);
  };

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(A, 'Lamp A'), 11, LAMP_STATE);
    link.addDevice(colorLamp(B, 'Lamp B'), 11, LAMP_STATE);
    ({ gw, key } = await startLightingGateway(link));
    await call('POST', '/groups', { name: 'Hall' });
    expect((await call('PUT', '/groups/1', { lights: ['1'] })).status).toBe(200);
    link.requests.length = 0;
  });
  afterEach(async () => { await gw.close(); });

  it('should refuse to add or remove an unreachable light with 503 type 202 and change nothing', async () => {
    await unreachable(B, '2');
    const add = await expectDeconzError(await call('PUT', '/groups/1', { lights: ['1', '2'], name: 'Renamed' }), 503, 202, '/lights/2/state');
    expect(add).toHaveLength(1);
    await unreachable(A, '1');
    await expectDeconzError(await call('PUT', '/groups/1', { lights: [] }), 503, 202, '/lights/1/state');
    await expectDeconzError(await call('DELETE', '/groups/1'), 503, 202, '/lights/1/state');
    expect(link.requests).toEqual([]);
    expect(await group()).toMatchObject({ lights: ['1'], name: 'Hall' });
    // A body that leaves the members alone does not need them.
    expect((await call('PUT', '/groups/1', { name: 'Renamed', lights: ['1'] })).status).toBe(200);
  });

  it('should refuse membership changes and deletes with 503 type 950 while the bridge is away', async () => {
    link.online = false;
    await expectDeconzError(await call('PUT', '/groups/1', { lights: ['1', '2'] }), 503, 950, '/groups/1/lights');
    await expectDeconzError(await call('DELETE', '/groups/1'), 503, 950, '/groups/1/lights');
    expect((await call('PUT', '/groups/1', { name: 'Still renamable' })).status).toBe(200);
    expect(await group()).toMatchObject({ lights: ['1'], name: 'Still renamable' });
    link.online = true;
    expect(await (await call('DELETE', '/groups/1')).json()).toEqual([{ success: { id: '1' } }]);
  });

  it('should let a lamp that is gone for good leave its groups, after which the group can go', async () => {
    await unreachable(A, '1');
    expect(await (await call('DELETE', '/lights/1/groups')).json()).toEqual([{ success: { id: '1' } }]);
    expect((await group()).lights).toEqual([]);
    expect(await (await call('DELETE', '/groups/1')).json()).toEqual([{ success: { id: '1' } }]);
    expect((await call('GET', '/groups/1')).status).toBe(404);
  });
});
