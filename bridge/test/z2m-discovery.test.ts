import { afterEach, describe, expect, it } from 'vitest';
import { LAMP, SWITCH, z2mPerTest } from './support/z2m-harness';

const z = z2mPerTest(afterEach);
const json = (payload: string) => JSON.parse(payload) as Record<string, any>;

describe('z2m api: Home Assistant discovery', () => {
  it('should publish retained configs with Zigbee2MQTT ids, the device block, availability and working command topics', async () => {
    const h = await z.start();
    const c = await z.client();
    const light = await c.next((m) => m.topic === `homeassistant/light/${LAMP}/light/config`);
    expect(light.retain).toBe(true);
    expect(json(light.payload)).toMatchObject({
      schema: 'json',
      brightness: true,
      brightness_scale: 254,
      supported_color_modes: ['brightness'],
      state_topic: 'zigbee2mqtt/Kitchen lamp',
      command_topic: 'zigbee2mqtt/Kitchen lamp/set',
      unique_id: `${LAMP}_light_zigbee2mqtt`,
      object_id: 'kitchen_lamp',
      default_entity_id: 'light.kitchen_lamp',
      device: {
        identifiers: [`zigbee2mqtt_${LAMP}`],
        name: 'Kitchen lamp',
        model: 'TRADFRI bulb E27 806 lumen, dimmable, warm white',
        model_id: 'LED1836G9',
        manufacturer: 'IKEA',
        via_device: 'zigbee2mqtt_bridge_0x00212effff000001',
      },
      availability_mode: 'all',
      availability: [
        { topic: 'zigbee2mqtt/bridge/state', value_template: '{{ value_json.state }}' },
        { topic: 'zigbee2mqtt/Kitchen lamp/availability', value_template: '{{ value_json.state }}' },
      ],
    });
    const lqi = json((await c.next((m) => m.topic === `homeassistant/sensor/${LAMP}/linkquality/config`)).payload);
    expect(lqi).toMatchObject({ unique_id: `${LAMP}_linkquality_zigbee2mqtt`, enabled_by_default: false, value_template: '{{ value_json["linkquality"] }}' });
    const right = json((await c.next((m) => m.topic === `homeassistant/switch/${SWITCH}/switch_right/config`)).payload);
    expect(right).toMatchObject({
      command_topic: 'zigbee2mqtt/Hall switch/right/set',
      value_template: '{{ value_json["state_right"] }}',
      object_id: 'hall_switch_right',
    });
    // What HA sends on that command topic reaches the radio at the right endpoint.
    await c.mqtt.publishAsync(right.command_topic, 'ON');
    await expect.poll(() => h.sent).toEqual([{ ieee: SWITCH, endpoint: 2, values: { state: 'ON' } }]);
  });

  it('should announce again when Home Assistant comes online, and empty a removed device configs', async () => {
    const h = await z.start();
    const c = await z.client();
    await c.next((m) => m.topic === `homeassistant/light/${LAMP}/light/config`);
    const before = c.messages.length;
    await c.mqtt.publishAsync('homeassistant/status', 'online');
    await c.next((m) => c.messages.indexOf(m) >= before && m.topic === `homeassistant/light/${LAMP}/light/config`);
    await c.next((m) => c.messages.indexOf(m) >= before && m.topic === 'zigbee2mqtt/bridge/state');
    await h.registry.remove(LAMP, 'removed');
    h.bus.emit('deviceRemoved', { ieee: LAMP, endpoints: [1] });
    await c.next((m) => m.topic === `homeassistant/light/${LAMP}/light/config` && m.payload === '');
  });
});
