import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError } from '../helpers/conformance';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway } from '../lights/harness';

describe('group membership limits', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = (method: string, path: string, body: unknown) => gw.request(`/api/${key}${path}`, { method, body: JSON.stringify(body) });
  const memberRequests = () => link.requests.filter((r) => r.name === 'group/add_member' || r.name === 'group/remove_member');

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, LAMP_STATE);
    ({ gw, key } = await startLightingGateway(link));
    link.requests.length = 0;
  });
  afterEach(async () => { await gw.close(); });

  it('should count a repeated light id once, on the radio and in the group', async () => {
    const created = await call('POST', '/groups', { name: 'Repeated', lights: Array(5000).fill('1') });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as [{ success: { id: string } }])[0].success.id;
    expect(memberRequests()).toHaveLength(1);
    expect(((await (await gw.request(`/api/${key}/groups/${id}`)).json()) as { lights: string[] }).lights).toEqual(['1']);
    expect((await call('PUT', `/groups/${id}`, { lights: ['1', '1', '1'] })).status).toBe(200);
    expect(memberRequests()).toHaveLength(1);
  });

  it('should refuse a member list longer than a group can hold, before asking the radio', async () => {
    const many = Array.from({ length: 300 }, (_, i) => String(i + 1));
    await expectDeconzError(await call('POST', '/groups', { name: 'Huge', lights: many }), 400, 7);
    await expectDeconzError(await call('PUT', '/groups/0', { lightsequence: many }), 400, 7);
    expect(memberRequests()).toEqual([]);
  });
});
