import { afterEach, describe, expect, it } from 'vitest';
import { LAMP, z2mPerTest } from './support/z2m-harness';

const z = z2mPerTest(afterEach);
const start = async (username?: string) => {
  const h = await z.start();
  const c = await z.client(username);
  const request = async (name: string, payload: unknown) => {
    await c.mqtt.publishAsync(`zigbee2mqtt/bridge/request/${name}`, typeof payload === 'string' ? payload : JSON.stringify(payload));
    return JSON.parse((await c.next((m) => m.topic === `zigbee2mqtt/bridge/response/${name}`)).payload) as Record<string, unknown>;
  };
  return { h, c, request };
};

describe('z2m api: bridge requests', () => {
  it('should answer a request with its data and the caller transaction', async () => {
    const { request } = await start();
    expect(await request('permit_join', { time: 60, transaction: 'ab-1' })).toEqual({ data: { time: 60 }, status: 'ok', transaction: 'ab-1' });
    expect(await request('health_check', {})).toEqual({ data: { healthy: true }, status: 'ok' });
  });

  it('should answer a bad payload with an error and change nothing', async () => {
    const { h, request } = await start();
    expect(await request('device/rename', { from: 'Kitchen lamp', to: 'x'.repeat(40), transaction: 7 })).toEqual({
      data: {},
      status: 'error',
      error: 'Invalid payload (to): to: at most 32 characters (the REST name)',
      transaction: 7,
    });
    expect(h.stored[LAMP]).toBe('Kitchen lamp');
    expect(await request('device/remove', { id: 'Nobody' })).toMatchObject({ status: 'error', error: "Device 'Nobody' does not exist" });
    expect(await request('permit_join', '{"time":')).toMatchObject({ status: 'error' });
  });

  it('should rename a device: the REST name changes, the old topics are emptied', async () => {
    const { h, c, request } = await start();
    h.report(LAMP, 1, { state: 'ON' });
    await c.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp');
    expect(await request('device/rename', { from: 'Kitchen lamp', to: 'Pantry lamp' })).toEqual({
      data: { from: 'Kitchen lamp', to: 'Pantry lamp', homeassistant_rename: false },
      status: 'ok',
    });
    expect(h.stored[LAMP]).toBe('Pantry lamp');
    expect(h.registry.get(LAMP)?.name).toBe('Pantry lamp');
    await c.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp/availability' && m.payload === '');
    await c.next((m) => m.topic === 'zigbee2mqtt/Pantry lamp/availability' && m.payload === '{"state":"online"}');
    await c.next((m) => m.topic === 'zigbee2mqtt/Pantry lamp' && m.payload === '{"state":"ON"}');
  });

  it('should add a group member through the radio and list it on bridge/groups', async () => {
    const { h, request } = await start();
    expect(await request('group/members/add', { group: 'group_5', device: 'Hall switch', endpoint: 'right' })).toEqual({
      data: { device: 'Hall switch', endpoint: 'right', group: 'group_5' },
      status: 'ok',
    });
    expect(h.groups[0].members).toContainEqual({ ieee: '0x00124b0000000002', endpoint: 2 });
  });

  it('should say honestly what it does not do yet', async () => {
    const { request } = await start();
    expect(await request('device/ota_update/check', { id: 'Kitchen lamp' })).toMatchObject({
      status: 'error',
      error: "Device 'Kitchen lamp' does not support OTA updates",
    });
    expect(await request('nonsense', {})).toMatchObject({ status: 'error', error: "Request 'nonsense' is not supported" });
  });

  it('should keep network-changing requests and their answers from a scripts account', async () => {
    const { c } = await start('script');
    // The broker refuses the publish and drops the connection (MQTT 3.1.1): nothing is answered.
    c.mqtt.publish('zigbee2mqtt/bridge/request/backup', '{}');
    await expect.poll(() => c.mqtt.connected).toBe(false);
    expect(c.messages.some((m) => m.topic.startsWith('zigbee2mqtt/bridge/response/backup'))).toBe(false);
    const admin = await z.client('admin');
    await admin.mqtt.publishAsync('zigbee2mqtt/bridge/request/backup', '{}');
    expect(JSON.parse((await admin.next((m) => m.topic === 'zigbee2mqtt/bridge/response/backup')).payload)).toMatchObject({ status: 'error' });
  });
});
