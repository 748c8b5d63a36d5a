import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from './helpers/gateway';
import { connectEvents, connectMqtt, createRestClient, type EventClient, type RestClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, realState, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * The alarm system on the real stack: the virtual radio's CentraLite keypad and door contact, the
 * bridge and the api. Arm from REST, watch the countdown, open the door through the radio's control
 * API, watch the alarm and its return to armed, disarm on the keypad; the keypad shows every step.
 */
const DOOR = '00124b0022a1500a';
const KEYPAD = '000d6f000e5a500d';
const PIN = '2468';
const ARMED_AWAY = 3;
const IN_ALARM = 7;
const DISARMED = 0;
const INVALID_CODE = 4;

interface AlarmEvent {
  e: string;
  r: string;
  id: string;
  state?: { armstate: string; seconds_remaining: number };
  lockout?: unknown;
}

describe('alarm system with a keypad on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  let rest: RestClient;
  let api: NodeGateway | undefined;
  const door = uniqueidOf(DOOR, 1, '0500');
  const keypad = uniqueidOf(KEYPAD, 1, '0501');

  const armstates = (from = 0) =>
    (ws.events.slice(from) as unknown as AlarmEvent[]).filter((e) => e.r === 'alarmsystems' && e.state).map((e) => e.state!.armstate);
  const alarm = async () =>
    (await rest.get('/alarmsystems/1')).body as {
      state: { armstate: string; seconds_remaining: number };
      config: Record<string, unknown>;
      devices: Record<string, unknown>;
    };
  const armstateIs = (armstate: string, timeoutMs = 15_000) =>
    waitFor(async () => (await alarm()).state.armstate === armstate, `armstate ${armstate}`, timeoutMs, 100);
  const keypadShows = (ias: Record<string, number>, what: string) =>
    waitFor(
      async () => {
        const shown = (await realState(stack, KEYPAD)).endpoints['1'].ssIasAce as Record<string, number> | undefined;
        return shown && Object.entries(ias).every(([k, v]) => shown[k] === v) ? shown : undefined;
      },
      `the keypad to show ${what}`,
      15_000,
      100,
    );

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'DS01', ieee: DOOR },
      { model: '3400', ieee: KEYPAD },
    ]);
    rest = stack.rest;
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await api?.close();
    await stack?.close();
  }, 60_000);

  it('should put the paired keypad into alarm system 1 and take a PIN, short delays and the door', async () => {
    await waitFor(async () => (await alarm()).devices[keypad] !== undefined, 'the keypad in alarm system 1');
    expect((await alarm()).devices[keypad]).toEqual({ armmask: 'none' });
    const config = await rest.put('/alarmsystems/1/config', {
      code0: PIN,
      armed_away_exit_delay: 2,
      armed_away_entry_delay: 2,
      armed_away_trigger_duration: 2,
    });
    expect(config.status).toBe(200);
    expect((await rest.put(`/alarmsystems/1/device/${door}`, { armmask: 'A' })).body).toEqual([{ success: { added: `/alarmsystems/1/device/${door}` } }]);
    expect((await alarm()).devices[door]).toEqual({ armmask: 'A', trigger: 'state/open' });
  });

  it("should show the keypad's low-battery and tamper bits and its enrolment, reported to REST and the WebSocket", async () => {
    const id = Object.entries((await rest.get('/sensors')).body as Record<string, { uniqueid: string }>).find(([, s]) => s.uniqueid === keypad)![0];
    type Keypad = { state: Record<string, unknown>; config: Record<string, unknown> };
    const shown = () =>
      waitFor(
        async () => {
          const sensor = (await rest.get(`/sensors/${id}`)).body as Keypad;
          return sensor.config.enrolled !== undefined && sensor.state.tampered !== undefined ? sensor : undefined;
        },
        'the keypad enrolled, with its zone flags',
        15_000,
        100,
      );
    expect(await shown()).toMatchObject({ state: { lowbattery: false, tampered: false }, config: { enrolled: 1 } });
    const from = ws.events.length;
    await act(stack, KEYPAD, 'zone-flags', { tamper: true, lowBattery: true });
    await waitFor(async () => ((await rest.get(`/sensors/${id}`)).body as Keypad).state.tampered === true, 'tampered on REST', 15_000, 100);
    expect(((await rest.get(`/sensors/${id}`)).body as Keypad).state.lowbattery).toBe(true);
    await waitFor(
      () => ws.events.slice(from).some((e) => e.r === 'sensors' && e.id === id && (e.state as Record<string, unknown> | undefined)?.tampered === true),
      'the tampered push',
    );
    await act(stack, KEYPAD, 'zone-flags', { tamper: false, lowBattery: false });
    await waitFor(async () => ((await rest.get(`/sensors/${id}`)).body as Keypad).state.tampered === false, 'tamper cleared', 15_000, 100);
  });

  it('should arm from REST, count down, go off when the door opens, return to armed and disarm on the keypad', async () => {
    const from = ws.events.length;
    expect((await rest.put('/alarmsystems/1/arm_away', { code0: PIN })).body).toEqual([{ success: { '/alarmsystems/1/config/armmode': 'armed_away' } }]);
    await armstateIs('armed_away');
    await keypadShows({ panelStatus: ARMED_AWAY }, 'armed away');
    await act(stack, DOOR, 'open');
    await armstateIs('in_alarm');
    await keypadShows({ panelStatus: IN_ALARM, alarmStatus: 1 }, 'the alarm');
    await armstateIs('armed_away');
    await act(stack, KEYPAD, 'pin', { code: PIN, command: 'disarm' });
    await armstateIs('disarmed');
    await keypadShows({ armNotification: DISARMED, panelStatus: DISARMED }, 'disarmed');
    // The keypad sensor mirrors its alarm system, as in deCONZ.
    const sensors = (await rest.get('/sensors')).body as Record<string, { uniqueid: string; state: Record<string, unknown> }>;
    const keypadSensor = Object.entries(sensors).find(([, s]) => s.uniqueid === keypad)![0];
    await waitFor(
      async () => ((await rest.get(`/sensors/${keypadSensor}`)).body as { state: Record<string, unknown> }).state.panel === 'disarmed',
      'the keypad sensor panel',
    );
    await waitFor(() => armstates(from).at(-1) === 'disarmed', 'the disarmed event');
    // One event per countdown second; a loaded machine may merge seconds, never reorder phases.
    const phases = armstates(from).filter((state, i, all) => state !== all[i - 1]);
    expect(phases).toEqual(['exit_delay', 'arming_away', 'armed_away', 'entry_delay', 'in_alarm', 'armed_away', 'disarmed']);
    const first = (ws.events.slice(from) as unknown as AlarmEvent[]).find((e) => e.r === 'alarmsystems' && e.state);
    expect(first).toEqual({ e: 'changed', id: '1', r: 'alarmsystems', t: 'event', state: { armstate: 'exit_delay', seconds_remaining: 2 } });
    await act(stack, DOOR, 'close');
  }, 60_000);

  it('should refuse a wrong keypad PIN on the keypad, and never show a PIN on REST, WebSocket or MQTT', async () => {
    const mqtt = await connectMqtt(stack.mqttUrl, ['herdgate/#']);
    // Only changed items (and presses) are pushed, so each keypad action push below is a press.
    await rest.put('/config', { websocketnotifyall: false });
    const from = ws.events.length;
    try {
      await act(stack, KEYPAD, 'pin', { code: '1357', command: 'arm_all' });
      await keypadShows({ armNotification: INVALID_CODE }, 'invalid code');
      expect((await alarm()).config.armmode).toBe('disarmed');
      const sensors = (await rest.get('/sensors')).body as Record<string, { uniqueid: string; state: Record<string, unknown> }>;
      await waitFor(
        async () => Object.values((await rest.get('/sensors')).body as typeof sensors).find((s) => s.uniqueid === keypad)?.state.action === 'invalid_code',
        'the keypad action invalid_code',
      );
      await act(stack, KEYPAD, 'pin', { code: PIN, command: 'arm_all' });
      await keypadShows({ armNotification: ARMED_AWAY }, 'the arm accepted');
      await waitFor(async () => (await alarm()).config.armmode === 'armed_away', 'armed from the keypad');
      const published = () =>
        mqtt.messages.filter((m) => m.topic.endsWith('/alarmsystems/1/state')).map((m) => JSON.parse(m.payload) as Record<string, unknown>);
      await waitFor(() => published().some((p) => p.armmode === 'armed_away' && p.armstate === 'exit_delay'), 'the alarm state on MQTT');
      const everything = JSON.stringify([ws.events, (await rest.get('')).body, mqtt.messages.map((m) => m.payload)]);
      // A PIN as a token of its own (a value, or a word of a message): etags and IEEE addresses are
      // hex and may hold the same digits by chance, so digits next to hex digits do not count.
      for (const pin of [PIN, '1357']) expect(everything).not.toMatch(new RegExp(`(?<![0-9a-fA-F])${pin}(?![0-9a-fA-F])`));
      // Two presses and the refusal, each pushed once: the panel status the keypad is shown every
      // second of the exit delay repeats its last action in the retained state, and is no press.
      await armstateIs('armed_away');
      const sensors2 = (await rest.get('/sensors')).body as Record<string, { uniqueid: string }>;
      const keypadSensor = Object.entries(sensors2).find(([, s]) => s.uniqueid === keypad)![0];
      const actions = ws.events
        .slice(from)
        .filter((e) => e.r === 'sensors' && e.id === keypadSensor)
        .map((e) => (e.state as Record<string, unknown> | undefined)?.action)
        .filter(Boolean);
      expect(actions).toEqual(['armed_away', 'invalid_code', 'armed_away']);
    } finally {
      await rest.put('/config', { websocketnotifyall: true });
      await mqtt.close();
    }
  }, 30_000);

  it('should stay armed across an api restart and resume a running countdown', async () => {
    await armstateIs('armed_away');
    expect((await rest.put('/alarmsystems/1/config', { armed_away_entry_delay: 30 })).status).toBe(200);
    await act(stack, DOOR, 'open');
    await armstateIs('entry_delay');
    const env = {
      DATABASE_URL: `file:${join(stack.dir, 'api.db')}`,
      MQTT_URL: stack.mqttUrl,
      ...stack.mqttAccount,
    };
    await stack.api.close();
    api = await startLoopbackGateway(env, { logger: pino({ level: 'silent' }) });
    rest = await createRestClient(`http://127.0.0.1:${api.httpPort}`);
    const resumed = await alarm();
    expect(resumed.state.armstate).toBe('entry_delay');
    expect(resumed.state.seconds_remaining).toBeGreaterThan(0);
    expect(resumed.state.seconds_remaining).toBeLessThanOrEqual(30);
    // The new api hands the bridge its new key: the keypad PIN works again at once.
    await waitFor(() => api!.services.bridge.connected(), 'the new api to follow the bridge', 20_000);
    await act(stack, KEYPAD, 'pin', { code: PIN, command: 'disarm' });
    await armstateIs('disarmed');
    await act(stack, DOOR, 'close');
  }, 60_000);

  it('should lock PIN attempts out after five wrong keypad PINs, for REST as well, and say so', async () => {
    ws.close();
    ws = await connectEvents(`ws://127.0.0.1:${api!.websocketPort}/?events=all`);
    for (let i = 0; i < 5; i++) await act(stack, KEYPAD, 'pin', { code: `99${i}9`, command: 'arm_all' });
    await waitFor(() => (ws.events as unknown as AlarmEvent[]).some((e) => e.r === 'alarmsystems' && e.lockout), 'the lock-out event', 20_000);
    const refused = await rest.put('/alarmsystems/1/arm_away', { code0: PIN });
    expect(refused.status).toBe(429);
    expect(refused.body[0].error).toMatchObject({ type: 7, address: '/alarmsystems/1/code0' });
    expect((await alarm()).config.armmode).toBe('disarmed');
  }, 60_000);
});
