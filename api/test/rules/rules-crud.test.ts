import { beforeAll, expect, it } from 'vitest';
import { itConformsToDeconz, expectDeconzError } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';

const NIGHT = { address: '/config/localtime', operator: 'in', value: 'T22:00:00/T06:00:00' };
const ACTION = { address: '/groups/1/action', method: 'PUT', body: { on: true } };

function ruleBody(overrides: Record<string, unknown> = {}) {
  return { name: 'night light', conditions: [NIGHT], actions: [ACTION], ...overrides };
}

describeOnRuntimes('rules CRUD', (gw) => {
  let key: string;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  // Both runtimes' test gateways start on the same manual clock (2026-01-15 12:00 UTC).
  const createdStamp = () => '2026-01-15T12:00:00';
  async function create(body: unknown): Promise<string> {
    const res = await api('/rules', jsonInit('POST', body));
    const answer = (await res.json()) as [{ success: { id: string } }];
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer[0].success.id;
  }

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/rules',
    unknownId: '/rules/9999',
    write: { method: 'POST', path: '/rules' },
    wrongMethod: 'PATCH',
  });

  it('should create a rule and show every field deCONZ shows', async () => {
    const id = await create(ruleBody({ periodic: 0 }));
    const res = await api(`/rules/${id}`);
    expect(res.status).toBe(200);
    const rule = (await res.json()) as Record<string, unknown>;
    expect(rule).toEqual({
      actions: [ACTION],
      conditions: [NIGHT],
      created: createdStamp(),
      etag: expect.stringMatching(/^[0-9a-f]{32}$/),
      lasttriggered: 'none',
      name: 'night light',
      owner: key,
      periodic: 0,
      status: 'enabled',
      timestriggered: 0,
    });
    expect(res.headers.get('etag')).toBe(`"${rule.etag as string}"`);
    const all = (await (await api('/rules')).json()) as Record<string, unknown>;
    expect(all[id]).toEqual(rule);
    const full = (await (await api('')).json()) as { rules: Record<string, unknown> };
    expect(full.rules[id]).toEqual(rule);
  });

  it('should store condition values as strings and rewrite illuminance-style values as given', async () => {
    const id = await create(ruleBody({ conditions: [{ ...NIGHT }, { address: '/config/localtime', operator: 'not in', value: 'W3/T10:00:00/T11:00:00' }] }));
    const rule = (await (await api(`/rules/${id}`)).json()) as { conditions: unknown[] };
    expect(rule.conditions[1]).toEqual({ address: '/config/localtime', operator: 'not in', value: 'W3/T10:00:00/T11:00:00' });
  });

  it('should accept group any_on/all_on conditions of an existing group only', async () => {
    const res = await api('/groups', jsonInit('POST', { name: 'rule group' }));
    const group = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
    await create(ruleBody({ conditions: [{ address: `/groups/${group}/state/any_on`, operator: 'eq', value: 'true' }] }));
    await create(ruleBody({ conditions: [{ address: `/groups/${group}/state/all_on`, operator: 'dx' }] }));
    await expectDeconzError(
      await api('/rules', jsonInit('POST', ruleBody({ conditions: [{ address: `/groups/${group}/state/on`, operator: 'eq', value: 'true' }] }))),
      400,
      607,
    );
    await expectDeconzError(
      await api('/rules', jsonInit('POST', ruleBody({ conditions: [{ address: '/groups/9999/state/any_on', operator: 'eq', value: 'true' }] }))),
      400,
      607,
    );
  });

  it('should answer missing fields with type 5, all at once', async () => {
    const res = await api('/rules', jsonInit('POST', {}));
    const body = await expectDeconzError(res, 400, 5);
    expect(body.map((e) => e.error.address)).toEqual(['/rules/name', '/rules/conditions', '/rules/actions']);
  });

  it('should answer more than 8 conditions or actions with type 11', async () => {
    await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ conditions: Array(9).fill(NIGHT) }))), 400, 11, '/rules/conditions');
    await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ actions: Array(9).fill(ACTION) }))), 400, 11, '/rules/actions');
  });

  it('should answer bad conditions with 607 at the condition address', async () => {
    const bad = [
      { address: '/sensors/999/state/buttonevent', operator: 'eq', value: '1002' },
      { address: '/config/localtime', operator: 'eq', value: '1' },
      { address: '/config/localtime', operator: 'not stable', value: 'PT00:00:10' },
      { address: '/config/localtime', operator: 'in', value: 'T25:00:00/T01:00:00' },
    ];
    for (const condition of bad) {
      const body = await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ conditions: [condition] }))), 400, 607, condition.address);
      expect(body[0]!.error.description).toBe('Condition error');
    }
  });

  it('should answer bad actions with 608 and a bad method with 7', async () => {
    for (const action of [
      { ...ACTION, address: '/config' },
      { ...ACTION, address: 'groups/1/action' },
      { ...ACTION, body: 'on' },
      { ...ACTION, address: 'http://' },
    ]) {
      await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ actions: [action] }))), 400, 608);
    }
    await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ actions: [{ ...ACTION, method: 'BIND' }] }))), 400, 7, '/rules/method');
  });

  it('should answer bad status, periodic and name with type 7', async () => {
    await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ status: 'on' }))), 400, 7, '/rules/status');
    await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ periodic: 'often' }))), 400, 7, '/rules/periodic');
    await expectDeconzError(await api('/rules', jsonInit('POST', ruleBody({ name: 'x'.repeat(65) }))), 400, 7, '/rules/name');
  });

  it('should update fields, keep the status when none is given, and change the etag', async () => {
    const id = await create(ruleBody({ status: 'disabled' }));
    const before = (await (await api(`/rules/${id}`)).json()) as { etag: string };
    const res = await api(`/rules/${id}/`, jsonInit('PUT', { name: 'renamed', periodic: 1000 }));
    expect(await res.json()).toEqual([{ success: { [`/rules/${id}/name`]: 'renamed' } }, { success: { [`/rules/${id}/periodic`]: 1000 } }]);
    const after = (await (await api(`/rules/${id}`)).json()) as { etag: string; name: string; status: string; periodic: number };
    expect(after).toMatchObject({ name: 'renamed', status: 'disabled', periodic: 1000 });
    expect(after.etag).not.toBe(before.etag);
    expect(res.headers.get('etag')).toBe(`"${after.etag}"`);
  });

  it('should leave a rule unchanged when an update is bad in any field', async () => {
    const id = await create(ruleBody());
    const before = await (await api(`/rules/${id}`)).text();
    await expectDeconzError(await api(`/rules/${id}`, jsonInit('PUT', { name: 'ok', owner: 'me' })), 400, 6, `/rules/${id}/owner`);
    await expectDeconzError(await api(`/rules/${id}`, jsonInit('PUT', { name: 'ok', conditions: [] })), 400, 5);
    await expectDeconzError(await api(`/rules/${id}`, jsonInit('PUT', { name: 'ok', actions: [{ address: '/nope/1', method: 'PUT', body: {} }] })), 400, 608);
    await expectDeconzError(await api(`/rules/${id}`, { method: 'PUT', body: '{"name":' }), 400, 2);
    expect(await (await api(`/rules/${id}`)).text()).toBe(before);
  });

  it('should delete a rule at once and never reuse its id', async () => {
    const id = await create(ruleBody());
    const res = await api(`/rules/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: id }]);
    await expectDeconzError(await api(`/rules/${id}`), 404, 3, `/rules/${id}`);
    await expectDeconzError(await api(`/rules/${id}`, { method: 'DELETE' }), 404, 3);
    const next = await create(ruleBody());
    expect(Number(next)).toBeGreaterThan(Number(id));
  });

  it('should keep rules across a restart', async (ctx) => {
    // Restarting in place is the Node harness's (the Worker's restart is the Durable Object's own).
    const restart = gw().restart;
    if (!restart) return ctx.skip();
    const id = await create(ruleBody({ name: 'survivor', periodic: 500 }));
    const before = await (await api(`/rules/${id}`)).json();
    await restart();
    expect(await (await api(`/rules/${id}`)).json()).toEqual(before);
  });
});
