import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radioControl } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMPS = ['0017880104a1d201', '0017880104a1d202'];
const BUTTON = '00124b0000d2b001';

/**
 * Issue #6 "done when": a button pressed at the virtual radio switches a lamp group through a rule.
 * Everything is real: herdsman in the bridge child, the MQTT link, the sensors model turning the
 * converter's `single` into buttonevent 1002, the rules engine, the groups route, one groupcast.
 */
describe('a button rule switching a group end to end', () => {
  let stack: Stack;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
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
  const lightId = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)?.row.id;
  const switchId = async () => {
    const sensors = (await stack.rest.get('/sensors')).body as Record<string, { type: string; uniqueid: string }>;
    return Object.entries(sensors).find(([, s]) => s.type === 'ZHASwitch' && s.uniqueid.replace(/:/g, '').startsWith(BUTTON))?.[0];
  };
  /** The lamp's real on/off attribute inside the virtual radio (SimDevice.inspect()). */
  const lampOn = async (ieee: string) => {
    const device = (await control('GET', `/devices/${ieee}`)) as { state: { endpoints: Record<string, { genOnOff?: { onOff?: unknown } }> } };
    const onOff = Object.values(device.state.endpoints).find((ep) => ep.genOnOff)?.genOnOff?.onOff;
    return onOff === true || onOff === 1;
  };

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
    for (const ieee of LAMPS) await control('POST', '/devices', { model: 'LCT015', ieee });
    await control('POST', '/devices', { model: 'WB01', ieee: BUTTON });
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(() => LAMPS.every((ieee) => lightId(ieee) !== undefined), 'both lamps as lights', 60_000, 100);
    await waitFor(async () => (await switchId()) !== undefined, 'the button as a ZHASwitch sensor', 60_000, 200);
    await waitFor(
      () => [...LAMPS, BUTTON].every((ieee) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview === 'successful'),
      'interviews',
      60_000,
      100,
    );
    await stack.rest.put('/config', { permitjoin: 0 });
  }, 150_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('should switch the group on at the radio when the button is pressed', async () => {
    const group = await post('/groups', { name: 'Living room', lights: LAMPS.map((ieee) => lightId(ieee)!) });
    const button = (await switchId())!;
    const rule = await post('/rules', {
      name: 'button on',
      conditions: [
        { address: `/sensors/${button}/state/buttonevent`, operator: 'eq', value: '1002' },
        { address: `/sensors/${button}/state/lastupdated`, operator: 'dx' },
      ],
      actions: [{ address: `/groups/${group}/action`, method: 'PUT', body: { on: true } }],
    });
    expect(await Promise.all(LAMPS.map(lampOn))).toEqual([false, false]);
    await control('DELETE', '/counters');
    await control('POST', `/devices/${BUTTON}/actions/press`, { button: 'button', kind: 'single' });
    try {
      await waitFor(
        async () => {
          const states = await Promise.all(LAMPS.map(lampOn));
          return states.every(Boolean);
        },
        'both lamps on at the radio',
        15_000,
        50,
      );
    } catch (err) {
      // What the chain saw, so a failure names the broken link.
      const sensor = (await stack.rest.get(`/sensors/${button}`)).body as unknown;
      const logs = stack.apiLogs.filter((line) => /rule|action/i.test(String(line.msg))).map((line) => JSON.stringify(line));
      throw new Error(`${(err as Error).message}; sensor ${JSON.stringify(sensor)}; logs ${logs.join('\n')}`);
    }
    const counters = (await control('GET', '/counters')) as { group: Record<string, number> };
    expect(Object.values(counters.group).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await waitFor(
      async () => ((await stack.rest.get(`/rules/${rule}`)).body as { timestriggered: number }).timestriggered === 1,
      'the trigger counted',
      5_000,
      50,
    );
  }, 60_000);
});
