import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radioControl } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMP = '0017880100d2c001';
const BUTTON = '00124b0000d2c002';

/**
 * A device that reports while its interview is still queued: the bridge runs one interview at a
 * time here (INTERVIEW_SLOTS=1) and the radio slows the lamp's answers, so the button joins and
 * waits in herdsman's join handler, where herdsman itself drops what it sends as coming from an
 * unknown device. The press must still reach REST once the button is interviewed.
 */
describe('reports sent before the interview', () => {
  let stack: Stack;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const known = (ieee: string) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview;
  const buttonSensor = async () => {
    const sensors = (await stack.rest.get('/sensors')).body as Record<string, { type: string; uniqueid: string; state: Record<string, unknown> }>;
    return Object.values(sensors).find((s) => s.type === 'ZHASwitch' && s.uniqueid.replace(/:/g, '').startsWith(BUTTON));
  };

  beforeAll(async () => {
    // The deCONZ front: its delay fault holds each of the lamp's answers, so the lamp keeps the slot
    // while the button waits (the Z-Stack front answers the lamp's interview within about a second,
    // which leaves the window to chance; the hold itself is the same for both adapters).
    stack = await startStack({ protocol: 'deconz', bridgeEnv: { INTERVIEW_SLOTS: '1' } });
    await waitForLink(stack);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('should keep a button press sent while the interview waits for a slot, and show it once the button is interviewed', async () => {
    await stack.rest.put('/config', { permitjoin: 120 });
    const sentTo = async (nwk: number) =>
      ((await control('GET', '/counters')) as { nwk: Record<string, number> }).nwk[`0x${nwk.toString(16).padStart(4, '0')}`] || undefined;
    await control('DELETE', '/counters');
    const lamp = (await control('POST', '/devices', { model: 'LCT015', ieee: LAMP, join: 'now' })) as { nwk: number };
    // The lamp's interview holds the only slot while its answers come slowly.
    const fault = (await control('POST', '/faults', { kind: 'delay', ieee: LAMP, ms: 1_000 })) as { id: number };
    await waitFor(() => sentTo(lamp.nwk), "the lamp's interview under way", 30_000, 20);
    const button = (await control('POST', '/devices', { model: 'WB01', ieee: BUTTON, join: 'now' })) as { nwk: number };
    await control('POST', `/devices/${BUTTON}/actions/press`, { button: 'button', kind: 'single' });
    // herdsman asks an unknown sender for its IEEE address: the press reached it before the button was known.
    await waitFor(() => sentTo(button.nwk), 'herdsman handled the press', 20_000, 20);
    expect(known(BUTTON)).toBeUndefined();
    expect(known(LAMP)).not.toBe('successful');
    await control('DELETE', `/faults/${fault.id}`);
    await waitFor(() => known(BUTTON) === 'successful' || undefined, 'the button interviewed', 60_000, 100);
    const sensor = await waitFor(
      async () => ((await buttonSensor())?.state.buttonevent === 1002 ? buttonSensor() : undefined),
      'the press shown in REST',
      20_000,
      100,
    );
    expect(sensor!.state.buttonevent).toBe(1002);
    expect(known(LAMP)).toBe('successful');
  }, 120_000);
});
