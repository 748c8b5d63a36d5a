import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * A Hue motion sensor (SML001) on the real stack: one device, three sensors on endpoint 2.
 * Motion becomes ZHAPresence `presence`; the illuminance ZHALightLevel `lightlevel` (10000·log10(lux)+1),
 * `lux`, and `dark`/`daylight` against the default thresholds (tholddark 12000, tholdoffset 7000).
 */
const MOTION = '0017880104a16009';

interface Sensor { type: string; ep: number; state: Record<string, unknown>; config: Record<string, unknown> }

describe('sensors: motion sensor on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  let presence: string;
  let light: string;

  beforeAll(async () => {
    stack = await startSensorStack([{ model: 'SML001', ieee: MOTION }]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    presence = await sensorId(stack, uniqueidOf(MOTION, 2, '0406'));
    light = await sensorId(stack, uniqueidOf(MOTION, 2, '0400'));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should push presence on motion', async () => {
    expect((await stack.rest.get(`/sensors/${presence}`)).body).toMatchObject({ type: 'ZHAPresence', ep: 2 });
    const from = ws.events.length;
    await act(stack, MOTION, 'motion');
    await sensorWhen<Sensor>(stack, presence, (s) => s.state.presence === true, 'presence true');
    await waitFor(() => changesOf(ws.events, presence, from).some((e) => (e.state as Record<string, unknown> | undefined)?.presence === true), 'the presence push');
  }, 30_000);

  it('should give the light level, lux, dark and daylight', async () => {
    const from = ws.events.length;
    // 1000 lux: 10000·log10(1000)+1 = 30001, above tholddark + tholdoffset (19000).
    await act(stack, MOTION, 'set', { illuminance: 1000 });
    const bright = await sensorWhen<Sensor>(stack, light, (s) => s.state.lightlevel === 30001, 'light level 30001', 20_000);
    expect(bright).toMatchObject({ type: 'ZHALightLevel', ep: 2, config: { tholddark: 12000, tholdoffset: 7000 } });
    expect(bright.state).toMatchObject({ lightlevel: 30001, lux: 1000, dark: false, daylight: true });
    await waitFor(() => changesOf(ws.events, light, from).some((e) => (e.state as Record<string, unknown> | undefined)?.lightlevel === 30001), 'the light level push');
  }, 30_000);
});
