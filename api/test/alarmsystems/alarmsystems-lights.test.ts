import { beforeAll, expect, it } from 'vitest';
import { addDevice, awaitJson } from '../helpers/bridge-devices';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { PIN, alarm, put, tick } from './harness';
import { waitFor } from '../../../test/helpers/wait';

const LAMP = '0x0017880102a3b4c5';

describeOnRuntimesWithBridge('alarm triggers from lights', (gw, bridge) => {
  let key: string;
  let uniqueid: string;

  beforeAll(async () => {
    key = await gw().createKey();
    const id = await addDevice(gw(), bridge(), key, colorLamp(LAMP, 'Hall lamp'), 11, LAMP_STATE);
    uniqueid = ((await (await gw().request(`/api/${key}/lights/${id}`)).json()) as { uniqueid: string }).uniqueid;
    await put(gw(), key, '/alarmsystems/1/config', { code0: PIN, armed_night_exit_delay: 0, armed_night_entry_delay: 0, armed_night_trigger_duration: 5 });
  });

  it('should take a light with the default trigger state/on and go off when it turns on in a guarded mode', async () => {
    expect((await put(gw(), key, `/alarmsystems/1/device/${uniqueid}`, { armmask: 'N' })).status).toBe(200);
    expect((await alarm(gw(), key)).devices[uniqueid]).toEqual({ armmask: 'N', trigger: 'state/on' });
    expect((await put(gw(), key, '/alarmsystems/1/arm_night', { code0: PIN })).status).toBe(200);
    expect((await alarm(gw(), key)).state.armstate).toBe('armed_night');
    // A change that leaves the lamp off is no trigger (the light showing it proves the report arrived).
    await bridge().setState(LAMP, 11, { bri: 50 });
    await awaitJson(gw(), key, '/lights/1', (light) => light.state.bri === 50);
    await gw().idle();
    expect((await alarm(gw(), key)).state.armstate).toBe('armed_night');
    await bridge().setState(LAMP, 11, { on: true });
    await waitFor(async () => (await alarm(gw(), key)).state.armstate === 'in_alarm', "(await alarm(gw(), key)).state.armstate === 'in_alarm'");
    await tick(gw(), 5000);
    expect((await alarm(gw(), key)).state.armstate).toBe('armed_night');
    // Staying on is no new trigger.
    await bridge().setState(LAMP, 11, { bri: 80 });
    await awaitJson(gw(), key, '/lights/1', (light) => light.state.bri === 80);
    await gw().idle();
    expect((await alarm(gw(), key)).state.armstate).toBe('armed_night');
  });

  it('should publish every armstate change to the bridge for MQTT and the keypads', async () => {
    const requests = bridge().requests;
    await waitFor(() => requests.filter((r) => r.name === 'alarm/state').length >= 4, "requests.filter((r) => r.name === 'alarm/state').length >= 4");
    const states = requests.filter((r) => r.name === 'alarm/state').map((r) => (r.data as { state: { armstate: string } }).state.armstate);
    expect(states).toEqual(['disarmed', 'armed_night', 'in_alarm', 'armed_night']);
    expect(requests.filter((r) => r.name === 'alarm/keypad_key')).toHaveLength(1);
    expect(JSON.stringify(requests)).not.toContain(PIN);
  });
});
