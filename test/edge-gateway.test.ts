import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl, type EventClient, type RestClient } from './helpers/clients';
import { startSupervisedGateway, type SupervisedGateway } from './helpers/supervised-gateway';
import { waitFor } from './helpers/wait';

const LAMP = '0017880104a1c001';
const BUTTON = '00124b0022a1000b';

interface Light {
  uniqueid: string;
  state: { on?: boolean; reachable?: boolean };
}
interface Sensor {
  type: string;
  uniqueid: string;
  state: { buttonevent?: number };
}

/**
 * `npm run start:edge`: the demo gateway with the api on workerd (wrangler dev, local mode)
 * following the bridge over MQTT-over-WebSocket. The same REST and WebSocket clients as against
 * `npm start`, and the answers come from the radio: a lamp switched over REST changes at the
 * radio, a button press reaches the Worker's WebSocket, and a rule on it switches the lamp.
 */
describe('npm run start:edge (the api on workerd)', () => {
  let gateway: SupervisedGateway;
  let rest: RestClient;
  let events: EventClient;
  const control = (method: string, path: string, body?: unknown) => radioControl(`http://127.0.0.1:${gateway.ports.control}`, method, path, body);
  const lampOn = async () => {
    const device = (await control('GET', `/devices/${LAMP}`)) as { state: { endpoints: Record<string, { genOnOff?: { onOff?: unknown } }> } };
    const onOff = Object.values(device.state.endpoints).find((ep) => ep.genOnOff)?.genOnOff?.onOff;
    return onOff === true || onOff === 1;
  };
  const find = async <T extends { uniqueid: string }>(collection: string, ieee: string, ready: (item: T) => boolean) => {
    const body = (await rest.get(collection)).body as Record<string, T>;
    return Object.entries(body).find(([, item]) => item.uniqueid.replace(/:/g, '').startsWith(ieee) && ready(item))?.[0];
  };
  let lamp: string;
  let button: string;

  beforeAll(async () => {
    gateway = await startSupervisedGateway('herdgate-edge-', { edge: true });
    rest = gateway.rest;
    lamp = await waitFor(
      () => find<Light>('/lights', LAMP, (l) => l.state.reachable === true && typeof l.state.on === 'boolean'),
      'the demo ceiling lamp on the Worker',
      90_000,
      250,
    );
    button = await waitFor(() => find<Sensor>('/sensors', BUTTON, (s) => s.type === 'ZHASwitch'), 'the bedside button on the Worker', 90_000, 250);
    events = await connectEvents(`ws://127.0.0.1:${gateway.ports.http}/`);
  }, 180_000);

  afterAll(async () => {
    events?.close();
    await gateway?.stop();
  }, 60_000);

  it('should report its own port as the WebSocket port', async () => {
    const { body } = await rest.get('/config');
    expect((body as { websocketport: number }).websocketport).toBe(gateway.ports.http);
  });

  it('should switch a lamp at the radio through REST on the Worker, with the event on its WebSocket', async () => {
    const on = !(await lampOn());
    const { status, body } = await rest.put(`/lights/${lamp}/state`, { on });
    expect(status).toBe(200);
    expect(body).toEqual([{ success: { [`/lights/${lamp}/state/on`]: on } }]);
    expect(await lampOn()).toBe(on);
    await waitFor(
      () => events.events.find((e) => e.r === 'lights' && e.id === lamp && (e.state as { on?: boolean } | undefined)?.on === on),
      'the light changed event',
      10_000,
    );
  }, 60_000);

  it('should carry a button press from the radio to the Worker WebSocket and fire a rule on it', async () => {
    const { status } = await rest.put(`/lights/${lamp}/state`, { on: false });
    expect(status).toBe(200);
    const created = await rest.post('/rules', {
      name: 'bedside on',
      conditions: [
        { address: `/sensors/${button}/state/buttonevent`, operator: 'eq', value: '1002' },
        { address: `/sensors/${button}/state/lastupdated`, operator: 'dx' },
      ],
      actions: [{ address: `/lights/${lamp}/state`, method: 'PUT', body: { on: true } }],
    });
    expect(created.status).toBe(200);
    await control('POST', `/devices/${BUTTON}/actions/press`, { button: 'button', kind: 'single' });
    await waitFor(
      () => events.events.find((e) => e.r === 'sensors' && e.id === button && (e.state as { buttonevent?: number } | undefined)?.buttonevent === 1002),
      'the buttonevent 1002 on the Worker WebSocket',
      15_000,
    );
    await waitFor(() => lampOn(), 'the rule switching the lamp on at the radio', 15_000, 100);
  }, 60_000);
});
