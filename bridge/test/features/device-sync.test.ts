import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIMATE, COLOR_LAMP, REMOTE } from '../support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/**
 * Device sync and the publisher: what the radio hears becomes retained descriptions, per-endpoint
 * state, events and bridge events on MQTT (in process, on a fake radio).
 */
describe('device sync', () => {
  let b: InProcessBridge;
  const eventOf = (type: string, ieee: string) => (m: { topic: string; json(): any }) =>
    m.topic === b.bt('event') && m.json().type === type && m.json().ieee === ieee;

  beforeAll(async () => {
    b = await startInProcessBridge([COLOR_LAMP, REMOTE]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should publish the retained bridge state, info and one description per device at start', async () => {
    await b.probe.waitFor((m) => m.topic === b.bt('state') && m.json().state === 'online', 3_000, 'bridge state');
    const info = (await b.probe.waitFor((m) => m.topic === b.bt('info'), 3_000, 'bridge info')).json();
    expect(info).toMatchObject({ bridge: b.bridge.bridgeId, rfconnected: true, network: { channel: 15 } });
    const lamp = (await b.probe.waitFor((m) => m.topic === b.dt(COLOR_LAMP.ieee), 3_000, 'lamp description')).json();
    expect(lamp.subdevices.map((s: { type: string; uniqueid: string }) => [s.type, s.uniqueid])).toEqual([
      ['Extended color light', '00:17:88:01:04:a1:c0:01-0b'],
    ]);
  });

  it('should publish a report as deCONZ state and a button press on the event topic', async () => {
    b.radio.emit('deviceState', { ieee: COLOR_LAMP.ieee, endpoint: 11, state: { state: 'ON', brightness: 42 } });
    await b.probe.waitFor(
      (m) => m.topic === b.dt(COLOR_LAMP.ieee, '11/state') && m.json().state.bri === 42 && m.json().state.on === true,
      3_000,
      'reported state',
    );
    b.radio.emit('deviceState', { ieee: REMOTE.ieee, endpoint: 1, state: { action: 'arrow_left_click' } });
    const event = await b.probe.waitFor((m) => m.topic === b.dt(REMOTE.ieee, '1/event'), 3_000, 'button event');
    expect(event.json()).toMatchObject({ state: { buttonevent: 4002 } });
  });

  it('should follow a join through its interview to a described device, with bridge events', async () => {
    b.radio.add({ ...CLIMATE, interview: 'in_progress', definition: undefined });
    b.radio.emit('deviceJoined', { ieee: CLIMATE.ieee });
    await b.probe.waitFor(eventOf('join', CLIMATE.ieee), 3_000, 'join event');
    b.radio.emit('deviceInterview', { ieee: CLIMATE.ieee, status: 'started' });
    await b.probe.waitFor(eventOf('interview_started', CLIMATE.ieee), 3_000, 'interview started');
    b.radio.add(CLIMATE);
    b.radio.emit('deviceInterview', { ieee: CLIMATE.ieee, status: 'successful' });
    const done = await b.probe.waitFor(eventOf('interview_succeeded', CLIMATE.ieee), 3_000, 'interview succeeded');
    expect(done.json().data).toEqual({ modelid: 'TH01', supported: true });
    const description = await b.probe.waitFor((m) => m.topic === b.dt(CLIMATE.ieee) && m.json().interview === 'successful', 3_000, 'description');
    expect(description.json().subdevices.map((s: { type: string }) => s.type)).toEqual(['ZHATemperature', 'ZHAHumidity']);
  });

  it('should clear a device that left: its retained description emptied and a leave event', async () => {
    b.radio.emit('deviceLeave', { ieee: REMOTE.ieee });
    await b.probe.waitFor(eventOf('leave', REMOTE.ieee), 3_000, 'leave event');
    await b.probe.waitFor((m) => m.topic === b.dt(REMOTE.ieee) && m.payload === '', 3_000, 'retained description cleared');
    expect(await b.set(REMOTE.ieee, 1, { on: true })).toMatchObject({ status: 'error', error: { code: 'not_found' } });
  });
});
