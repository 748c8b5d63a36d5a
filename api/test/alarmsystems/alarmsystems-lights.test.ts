import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway, waitFor } from '../lights/harness';
import { PIN, alarm, put, tick } from './harness';

const LAMP = '0x0017880102a3b4c5';

describe('alarm triggers from lights', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  let uniqueid: string;

  beforeAll(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(LAMP, 'Hall lamp'), 11, LAMP_STATE);
    ({ gw, key } = await startLightingGateway(link));
    uniqueid = Object.values((await (await gw.request(`/api/${key}/lights`)).json()) as Record<string, { uniqueid: string }>)[0]!.uniqueid;
    await put(gw, key, '/alarmsystems/1/config', { code0: PIN, armed_night_exit_delay: 0, armed_night_entry_delay: 0, armed_night_trigger_duration: 5 });
  });
  afterAll(async () => gw.close());

  it('should take a light with the default trigger state/on and go off when it turns on in a guarded mode', async () => {
    expect((await put(gw, key, `/alarmsystems/1/device/${uniqueid}`, { armmask: 'N' })).status).toBe(200);
    expect((await alarm(gw, key)).devices[uniqueid]).toEqual({ armmask: 'N', trigger: 'state/on' });
    expect((await put(gw, key, '/alarmsystems/1/arm_night', { code0: PIN })).status).toBe(200);
    expect((await alarm(gw, key)).state.armstate).toBe('armed_night');
    // A change that leaves the lamp off is no trigger.
    link.setState(LAMP, 11, { bri: 50 });
    await gw.gateway.services.alarms.idle();
    expect((await alarm(gw, key)).state.armstate).toBe('armed_night');
    link.setState(LAMP, 11, { on: true });
    await waitFor(() => gw.gateway.services.alarms.view('1')?.state.armstate === 'in_alarm');
    await tick(gw, 5000);
    expect((await alarm(gw, key)).state.armstate).toBe('armed_night');
    // Staying on is no new trigger.
    link.setState(LAMP, 11, { bri: 80 });
    await gw.gateway.services.alarms.idle();
    expect((await alarm(gw, key)).state.armstate).toBe('armed_night');
  });

  it('should publish every armstate change to the bridge for MQTT and the keypads', async () => {
    const states = link.requests.filter((r) => r.name === 'alarm/state').map((r) => (r.data as { state: { armstate: string } }).state.armstate);
    expect(states).toEqual(['disarmed', 'armed_night', 'in_alarm', 'armed_night']);
    expect(link.requests.filter((r) => r.name === 'alarm/keypad_key')).toHaveLength(1);
    expect(JSON.stringify(link.requests)).not.toContain(PIN);
  });
});
