import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, herdsmanIeee, realState, startSensorStack } from './sensors-support';

/**
 * Gateway operations through the api on the real stack (virtual radio, bridge, api): radio off and
 * on, a channel change with a lamp and a sleepy door sensor working afterwards, a firmware update,
 * and a new network. One stack for the file; the operations run in this order.
 */
const LAMP = { model: 'LCT015', ieee: '0017880100000b01' };
const DOOR = { model: 'DS01', ieee: '00124b0022a10b02' };

describe('gateway network operations', () => {
  let stack: Stack;
  let ws: EventClient;
  let light: string;
  let door: string;

  beforeAll(async () => {
    stack = await startSensorStack([LAMP, DOOR]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}/?events=all`);
    const lights = (await stack.rest.get('/lights')).body as Record<string, { uniqueid: string }>;
    light = Object.keys(lights).find((id) => lights[id].uniqueid.startsWith('00:17:88:01:00:00:0b:01'))!;
    const sensors = (await stack.rest.get('/sensors')).body as Record<string, { type: string; uniqueid: string }>;
    door = Object.keys(sensors).find((id) => sensors[id].type === 'ZHAOpenClose')!;
    expect(light).toBeDefined();
    expect(door).toBeDefined();
  }, 120_000);
  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  const config = async () => (await stack.rest.get('/config')).body as Record<string, any>;
  const lampOn = async () => (await realState(stack, LAMP.ieee)).endpoints['11'].genOnOff.onOff as number;
  const switchLamp = async (on: boolean) => {
    const res = await stack.rest.put(`/lights/${light}/state`, { on });
    expect(res.status).toBe(200);
    expect(await lampOn()).toBe(on ? 1 : 0);
  };

  it('should take the radio down and bring it back with rfconnected', async () => {
    expect(await stack.rest.put('/config', { rfconnected: false })).toEqual({ status: 200, body: [{ success: { '/config/rfconnected': false } }] });
    expect(await config()).toMatchObject({ rfconnected: false, permitjoin: 0 });
    const refused = await stack.rest.put(`/lights/${light}/state`, { on: true });
    expect(refused.status).toBe(503);
    expect(refused.body[0].error.type).toBe(950);
    const search = await stack.rest.post('/sensors');
    expect(search.status).toBe(503);
    expect(search.body[0].error.type).toBe(950);
    expect(await stack.rest.put('/config', { rfconnected: true })).toEqual({ status: 200, body: [{ success: { '/config/rfconnected': true } }] });
    expect((await config()).rfconnected).toBe(true);
    await switchLamp(true);
  }, 90_000);

  it('should move the network to channel 20 and keep the lamp and the sleepy door sensor working', async () => {
    const before = ws.events.length;
    const moved = await stack.rest.put('/config', { zigbeechannel: 20 });
    expect(moved).toEqual({ status: 200, body: [{ success: { '/config/zigbeechannel': 20 } }] });
    expect(await config()).toMatchObject({ zigbeechannel: 20, rfconnected: true });
    await switchLamp(false);
    await switchLamp(true);
    // The door slept through the broadcast; once it rejoined, its reports reach the api again.
    await waitFor(
      async () => (await act(stack, DOOR.ieee, 'open').then(() => stack.rest.get(`/sensors/${door}`))).body.state.open === true,
      'the door sensor heard on the new channel',
      20_000,
      1_000,
    );
    await act(stack, DOOR.ieee, 'close');
    await waitFor(async () => (await stack.rest.get(`/sensors/${door}`)).body.state.open === false, 'the door closing heard', 10_000, 200);
    const configEvents = ws.events
      .slice(before)
      .filter((e) => e.r === 'config')
      .map((e) => e.config as Record<string, any>);
    expect(configEvents.map((c) => c.networkoperation?.stage).filter(Boolean)).toEqual(['started', 'done']);
    expect(configEvents.some((c) => c.zigbeechannel === 20)).toBe(true);
    expect(stack.mirroredDevices().sort()).toEqual([herdsmanIeee(DOOR.ieee), herdsmanIeee(LAMP.ieee)].sort());
  }, 120_000);

  it('should update the virtual radio firmware and report the new version', async () => {
    const before = (await config()).fwversion as string;
    const res = await stack.rest.post('/config/updatefirmware');
    expect(res.status).toBe(200);
    const firmware = res.body[0].success['/config/updatefirmware'] as string;
    expect(firmware).toMatch(/^0x[0-9a-f]{8}$/);
    expect(firmware).not.toBe(before);
    expect(await config()).toMatchObject({ fwversion: firmware, fwupdatestate: 'idle', rfconnected: true });
    await switchLamp(false);
  }, 90_000);

  it('should form a new network on resetGW, after which every device must pair again', async () => {
    const before = await config();
    const res = await stack.rest.post('/config/reset', { resetGW: true });
    expect(res).toEqual({ status: 200, body: [{ success: { '/config/reset': 'success' } }] });
    await waitFor(async () => (await config()).panid !== before.panid, 'the new PAN id in /config', 10_000, 200);
    expect((await config()).zigbeechannel).toBe(20);
    await waitFor(() => stack.mirroredDevices().length === 0, 'the devices gone from the mirror', 10_000, 100);
  }, 90_000);
});
