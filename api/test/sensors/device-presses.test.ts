import { beforeAll, expect, it } from 'vitest';
import { examples } from '@herdgate/shared/mqtt';
import { awaitId, awaitJson } from '../helpers/bridge-devices';
import { listenEvents } from '../helpers/events';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';

const IEEE = '0x00124b0022a1c0de';
const MAC = '00:12:4b:00:22:a1:c0:de';
const stamp = (second: number) => `2026-10-01T08:12:${String(second).padStart(2, '0')}.000`;

/**
 * Presses of a device sensor whose endpoint also carries another sensor: the bridge's retained
 * endpoint state repeats the last `buttonevent` with every report of the other one, and only the
 * event topic says a button was pressed.
 */
describeOnRuntimesWithBridge('device sensor presses', (gw, bridge) => {
  let key: string;
  let button: string;
  let thermometer: string;

  beforeAll(async () => {
    key = await gw().createKey();
    await bridge().describeDevice({
      ...examples.device, ieee: IEEE, uniqueid: MAC, name: 'Button with thermometer', modelid: 'BT01', powersource: 'battery',
      subdevices: [
        { type: 'ZHASwitch', resource: 'sensors', uniqueid: `${MAC}-01-0006`, endpoint: 1, state: ['buttonevent'], config: ['battery', 'reachable', 'on'] },
        { type: 'ZHATemperature', resource: 'sensors', uniqueid: `${MAC}-01-0402`, endpoint: 1, state: ['temperature'], config: ['battery', 'reachable', 'on'] },
      ],
    });
    button = await awaitId(gw(), key, 'sensors', `${MAC}-01-0006`);
    thermometer = await awaitId(gw(), key, 'sensors', `${MAC}-01-0402`);
  });

  it('should push each press once and never repeat the last one for a report of the other sensor', async () => {
    const ws = await listenEvents(gw(), (event) => event.r === 'sensors' && event.id === button && (event.state as Record<string, unknown> | undefined)?.buttonevent !== undefined);
    const presses = () => ws.events.map((e) => (e.state as Record<string, unknown>).lastupdated);
    const config = { battery: 90, reachable: true, on: true };
    const press = async (second: number, temperature: number) => {
      // As the bridge publishes a press: the retained endpoint state, then the event.
      await bridge().publishState(IEEE, 1, { state: { buttonevent: 1002, temperature, lastupdated: stamp(second) }, config } as never);
      await bridge().publishEvent(IEEE, 1, { buttonevent: 1002, lastupdated: stamp(second) });
      await ws.until(() => presses().includes(stamp(second)));
    };
    try {
      await press(1, 2000);
      // A temperature report: the retained state still holds the press of second 1.
      await bridge().publishState(IEEE, 1, { state: { buttonevent: 1002, temperature: 2100, lastupdated: stamp(5) }, config } as never);
      const reported = await awaitJson(gw(), key, `/sensors/${thermometer}`, (sensor) => sensor.state.temperature === 2100);
      expect(reported.state).toMatchObject({ temperature: 2100, lastupdated: stamp(5) });
      await press(9, 2100);
      expect(presses()).toEqual([stamp(1), stamp(9)]);
    } finally {
      ws.close();
    }
  });
});
