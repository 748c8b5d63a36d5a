import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples, EXAMPLE_BRIDGE } from '@herdgate/shared/mqtt';
import type { MemoryTransport } from '../../src/bridge-link/memory-transport';
import { startGatewayWithMemoryBridge, type TestGateway } from '../helpers/gateway';

const IEEE = '0x00124b0022a1c0de';
const MAC = '00:12:4b:00:22:a1:c0:de';
const stamp = (second: number) => `2026-10-01T08:12:${String(second).padStart(2, '0')}.000`;

/**
 * Presses of a device sensor whose endpoint also carries another sensor: the bridge's retained
 * endpoint state repeats the last `buttonevent` with every report of the other one, and only the
 * event topic says a button was pressed.
 */
describe('device sensor presses', () => {
  let gw: TestGateway;
  let transport: MemoryTransport;
  const pushes: Record<string, unknown>[] = [];
  const deviceTopic = (leaf: string) => `herdgate/devices/${IEEE}/${leaf}`;

  beforeAll(async () => {
    ({ gw, transport } = await startGatewayWithMemoryBridge());
    gw.gateway.services.events.subscribe((message) => pushes.push(JSON.parse(message) as Record<string, unknown>));
    transport.deliver(`herdgate/bridge/${EXAMPLE_BRIDGE}/state`, { state: 'online' });
    transport.deliver(`herdgate/bridge/${EXAMPLE_BRIDGE}/info`, examples.bridgeInfo);
    transport.deliver(`herdgate/devices/${IEEE}`, {
      ...examples.device, ieee: IEEE, uniqueid: MAC, name: 'Button with thermometer', modelid: 'BT01', powersource: 'battery',
      subdevices: [
        { type: 'ZHASwitch', resource: 'sensors', uniqueid: `${MAC}-01-0006`, endpoint: 1, state: ['buttonevent'], config: ['battery', 'reachable', 'on'] },
        { type: 'ZHATemperature', resource: 'sensors', uniqueid: `${MAC}-01-0402`, endpoint: 1, state: ['temperature'], config: ['battery', 'reachable', 'on'] },
      ],
    });
    await gw.gateway.services.sensors.idle();
  });
  afterAll(async () => {
    await gw.close();
  });

  it('should push each press once and never repeat the last one for a report of the other sensor', async () => {
    const sensors = gw.gateway.services.sensors.list();
    const button = Object.keys(sensors).find((id) => sensors[id]!.uniqueid === `${MAC}-01-0006`)!;
    expect(button).toBeDefined();
    const config = { battery: 90, reachable: true, on: true };
    const press = async (second: number, temperature: number) => {
      // As the bridge publishes a press: the retained endpoint state, then the event.
      transport.deliver(deviceTopic('1/state'), { state: { buttonevent: 1002, temperature, lastupdated: stamp(second) }, config });
      transport.deliver(deviceTopic('1/event'), { state: { buttonevent: 1002, lastupdated: stamp(second) } });
      await gw.gateway.services.sensors.idle();
    };
    const from = pushes.length;
    await press(1, 2000);
    // A temperature report: the retained state still holds the press of second 1.
    transport.deliver(deviceTopic('1/state'), { state: { buttonevent: 1002, temperature: 2100, lastupdated: stamp(5) }, config });
    await gw.gateway.services.sensors.idle();
    await press(9, 2100);
    const presses = pushes.slice(from).filter((e) => e.r === 'sensors' && e.id === button && (e.state as Record<string, unknown> | undefined)?.buttonevent !== undefined);
    expect(presses.map((e) => (e.state as Record<string, unknown>).lastupdated)).toEqual([stamp(1), stamp(9)]);
    const temperature = (await (await gw.request(`/api/${await gw.createKey()}/sensors`)).json()) as Record<string, { uniqueid: string; state: Record<string, unknown> }>;
    expect(Object.values(temperature).find((s) => s.uniqueid === `${MAC}-01-0402`)?.state).toMatchObject({ temperature: 2100, lastupdated: stamp(5) });
  });
});
