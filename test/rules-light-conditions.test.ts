import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radioControl } from './helpers/clients';
import { bindToGroup, startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const MEMBERS = ['0017880104a1e301', '0017880104a1e302'];
const TARGET = '0017880104a1e303';
const REMOTE = '000b57fffe8ae30e';

/**
 * Rule conditions on lights and groups, fired by real device changes: a lamp switched over REST,
 * and lamps switched by a remote bound to their group (device-to-device groupcast; the gateway sends
 * nothing and learns of it from the remote's frame). Each effect is read in the simulated lamp.
 */
describe('rules on light and group state end to end', () => {
  let stack: Stack;
  let group: string;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const lightId = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)?.row.id;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${stack.rest.base}/api/${stack.rest.key}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await res.json()) as [{ success?: { id: string } }];
    if (res.status !== 200 || !answer[0]?.success) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer[0].success.id;
  };
  const lampOn = async (ieee: string) => {
    const device = (await control('GET', `/devices/${ieee}`)) as { state: { endpoints: Record<string, { genOnOff?: { onOff?: unknown } }> } };
    const onOff = Object.values(device.state.endpoints).find((ep) => ep.genOnOff)?.genOnOff?.onOff;
    return onOff === true || onOff === 1;
  };
  const lampBecomes = (ieee: string, on: boolean, what: string) =>
    waitFor(async () => (await lampOn(ieee)) === on, `${what}: ${ieee} ${on ? 'on' : 'off'} at the radio`, 10_000).catch(async (err: Error) => {
      const logs = stack.apiLogs.filter((line) => /rule|action/i.test(String(line.msg))).map((line) => JSON.stringify(line));
      throw new Error(`${err.message}; group ${JSON.stringify((await stack.rest.get(`/groups/${group}`)).body)}; logs ${logs.join('\n')}`);
    });
  const toggleByRemote = () => control('POST', `/devices/${REMOTE}/actions/press`, { button: 'toggle', kind: 'single' });
  const triggered = async (rule: string) => (await stack.rest.get(`/rules/${rule}`)).body.timestriggered as number;

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
    for (const ieee of [...MEMBERS, TARGET]) await control('POST', '/devices', { model: 'LCT015', ieee });
    await control('POST', '/devices', { model: 'TRADFRI-remote-control', ieee: REMOTE });
    await stack.rest.put('/config', { permitjoin: 60 });
    const all = [...MEMBERS, TARGET, REMOTE];
    await waitFor(() => all.every((ieee) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview === 'successful'), 'interviews', 90_000, 100);
    await waitFor(() => [...MEMBERS, TARGET].every((ieee) => lightId(ieee) !== undefined), 'the lamps as lights', 30_000, 100);
    await stack.rest.put('/config', { permitjoin: 0 });
    group = await post('/groups', { name: 'Pair', lights: MEMBERS.map((ieee) => lightId(ieee)!) });
    // Bind the remote to the group over the bridge's MQTT request, as deCONZ binds a remote.
    expect(await bindToGroup(stack, REMOTE, Number(group))).toMatchObject({ status: 'ok' });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('should fire a light-state rule and a group-state rule from lamps switched over REST and by a bound remote', async () => {
    const [a, b] = MEMBERS.map((ieee) => lightId(ieee)!);
    const target = lightId(TARGET)!;
    const whenAOn = await post('/rules', {
      name: 'A on lights the target',
      conditions: [{ address: `/lights/${a}/state/on`, operator: 'eq', value: 'true' }],
      actions: [{ address: `/lights/${target}/state`, method: 'PUT', body: { on: true } }],
    });
    const whenAllOff = await post('/rules', {
      name: 'group off darkens the target',
      conditions: [{ address: `/groups/${group}/state/any_on`, operator: 'eq', value: 'false' }],
      actions: [{ address: `/lights/${target}/state`, method: 'PUT', body: { on: false } }],
    });
    // Possibly before the lamps reported on/off at all: a lamp fresh from pairing shows no `on` yet.
    expect(await lampOn(TARGET)).toBe(false);

    // A light condition, the lamp switched by a client over REST.
    expect((await stack.rest.put(`/lights/${a}/state`, { on: true })).status).toBe(200);
    await lampBecomes(TARGET, true, 'rule on /lights/<a>/state/on after REST');
    expect((await stack.rest.put(`/lights/${b}/state`, { on: true })).status).toBe(200);
    await waitFor(async () => (await stack.rest.get(`/groups/${group}`)).body.state.all_on === true, 'both members on');

    // A group condition, the lamps switched by the remote (the gateway sent nothing to them).
    await toggleByRemote();
    for (const ieee of MEMBERS) await lampBecomes(ieee, false, 'the remote toggle');
    await lampBecomes(TARGET, false, 'rule on /groups/<g>/state/any_on after the remote');

    // The light condition again, now from the remote's change.
    await toggleByRemote();
    for (const ieee of MEMBERS) await lampBecomes(ieee, true, 'the second remote toggle');
    await lampBecomes(TARGET, true, 'rule on /lights/<a>/state/on after the remote');
    await waitFor(async () => (await triggered(whenAOn)) === 2 && (await triggered(whenAllOff)) === 1, 'triggers counted: 2 and 1', 5_000);
  }, 60_000);
});
