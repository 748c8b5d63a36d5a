import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startLoopbackGateway } from './helpers/gateway';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import { apiSettled, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, herdsmanIeee, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * A device sensor's life on the real stack: removed from the network with `DELETE … {"reset":true}`,
 * back with the same id when the device pairs again, a plain delete that device reports do not
 * undo, and ids, names and deletions that survive an api restart.
 */
const BUTTON = '00124b0022a1400b';
const DOOR = '00124b0022a1400a';

interface Sensor {
  name: string;
  uniqueid: string;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}

describe('sensors: device sensor lifecycle', () => {
  let stack: Stack;
  let ws: EventClient;
  let button: string;
  let door: string;
  const doorUniqueid = uniqueidOf(DOOR, 1, '0500');

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'WB01', ieee: BUTTON },
      { model: 'DS01', ieee: DOOR },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    button = await sensorId(stack, uniqueidOf(BUTTON, 1, '0006'));
    door = await sensorId(stack, doorUniqueid);
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  const joined = async () =>
    (await radioControl<{ joined: { ieee: string }[] }>(stack.radio.control, 'GET', '/devices')).joined.map((d) => d.ieee.toLowerCase());

  it('should remove the device from the network on DELETE with reset and push deleted', async () => {
    expect(await stack.rest.put(`/sensors/${door}`, { name: 'Front door' })).toEqual({
      status: 200,
      body: [{ success: { [`/sensors/${door}/name`]: 'Front door' } }],
    });
    const res = await fetch(`${stack.rest.base}/api/${stack.rest.key}/sensors/${door}`, {
      method: 'DELETE',
      body: '{"reset":true}',
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { [`/sensors/${door}/reset`]: true } }]);
    // The device acknowledges the leave and leaves the radio a moment later, as a real one does.
    await waitFor(async () => !(await joined()).includes(DOOR), 'the door sensor gone from the radio');
    expect((await stack.rest.get(`/sensors/${door}`)).status).toBe(404);
    await waitFor(() => ws.events.find((e) => e.e === 'deleted' && e.r === 'sensors' && e.id === door), 'the deleted push');
    await waitFor(() => !stack.api.services.bridge.devices().has(herdsmanIeee(DOOR)), 'the device gone from the link mirror');
  }, 30_000);

  it('should bring the sensor back with the same id and name when the device pairs again', async () => {
    await radioControl(stack.radio.control, 'POST', '/devices', { model: 'DS01', ieee: DOOR });
    expect((await stack.rest.put('/config', { permitjoin: 60 })).status).toBe(200);
    const back = await sensorWhen<Sensor>(stack, door, () => true, 'the door sensor back after pairing', 60_000);
    expect(back).toMatchObject({ uniqueid: doorUniqueid, name: 'Front door', type: 'ZHAOpenClose' });
    expect(await sensorId(stack, doorUniqueid)).toBe(door);
    await stack.rest.put('/config', { permitjoin: 0 });
    await act(stack, DOOR, 'open');
    await sensorWhen<Sensor>(stack, door, (s) => s.state.open === true, 'the re-paired door reporting');
  }, 90_000);

  it('should keep a plain delete while the device goes on reporting', async () => {
    const res = await fetch(`${stack.rest.base}/api/${stack.rest.key}/sensors/${button}`, { method: 'DELETE', signal: AbortSignal.timeout(10_000) });
    expect(await res.json()).toEqual([{ success: { id: button } }]);
    expect(await joined()).toContain(BUTTON);
    const from = ws.events.length;
    await act(stack, BUTTON, 'press', { button: 'button', kind: 'single' });
    await waitFor(() => stack.api.services.bridge.endpointState(herdsmanIeee(BUTTON), 1)?.state.buttonevent === 1002, 'the press in the link mirror');
    await apiSettled(stack, ws);
    expect((await stack.rest.get(`/sensors/${button}`)).status).toBe(404);
    expect(ws.events.slice(from).filter((e) => e.id === button)).toEqual([]);
  }, 30_000);

  it('should keep ids, names, config on and deletions across an api restart', async () => {
    // `on` is kept by the gateway itself (not the device): it must be stored.
    expect(await stack.rest.put(`/sensors/${door}/config`, { on: false })).toEqual({
      status: 200,
      body: [{ success: { [`/sensors/${door}/config/on`]: false } }],
    });
    const before = (await stack.rest.get('/sensors')).body as Record<string, Sensor>;
    const revision = stack.api.services.store.revision();
    await stack.api.close();
    const again = await startLoopbackGateway(
      { DATABASE_URL: `file:${stack.dir}/api.db`, MQTT_URL: stack.mqttUrl, ...stack.mqttAccount },
      { logger: pino({ level: 'silent' }) },
    );
    try {
      const get = async (path: string) => {
        const res = await fetch(`http://127.0.0.1:${again.httpPort}/api/${stack.rest.key}${path}`, { signal: AbortSignal.timeout(10_000) });
        return { status: res.status, body: (await res.json()) as any };
      };
      // The retained endpoint state brings the door's value back without any new report.
      await waitFor(async () => (await get(`/sensors/${door}`)).body.state?.open === true, 'the door state from the retained topic', 20_000);
      const after = (await get('/sensors')).body as Record<string, Sensor>;
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      expect(after[door]).toMatchObject({ uniqueid: doorUniqueid, name: 'Front door', config: { on: false } });
      expect((await get(`/sensors/${button}`)).status).toBe(404);
      expect(again.services.store.revision()).toBe(revision);
    } finally {
      await again.close();
    }
  }, 60_000);
});
