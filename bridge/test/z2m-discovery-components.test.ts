import { findByDevice } from 'zigbee-herdsman-converters';
import { describe, expect, it } from 'vitest';
import { discoveryConfigs } from '../src/features/z2m/discovery-configs';
import { describeDefinition } from '../src/zigbee/translate';
import type { ZigbeeDevice } from '../src/zigbee/index';
import { catalogueModels, interviewedDevice } from './support/catalogue-device';

/** A catalogue model with its real converter definition, as the radio describes it. */
async function device(model: string): Promise<ZigbeeDevice> {
  const zh = interviewedDevice(model);
  const definition = await findByDevice(zh as never);
  if (!definition) throw new Error(`no definition for ${model}`);
  return {
    ieee: zh.ieeeAddr,
    nwk: 1,
    type: zh.type as 'Router',
    interview: 'successful',
    endpoints: [],
    definition: describeDefinition(definition, zh as never),
  } as ZigbeeDevice;
}
const ofType = async (type: string) => {
  for (const model of catalogueModels()) {
    const d = await device(model).catch(() => undefined);
    if (d?.definition?.z2m?.exposes.some((e) => e.type === type)) return d;
  }
  throw new Error(`no catalogue model exposes a ${type}`);
};

describe('z2m discovery: climate, cover, lock and fan', () => {
  it('should make each composite expose of the catalogue into its Home Assistant component', async () => {
    const components = new Set<string>();
    for (const model of catalogueModels()) {
      const d = await device(model).catch(() => undefined);
      if (!d) continue;
      for (const config of discoveryConfigs(d)) components.add(config.component);
    }
    // No catalogue model is a lock (the lock is checked on its expose below).
    for (const component of ['light', 'switch', 'binary_sensor', 'sensor', 'climate', 'cover', 'fan']) expect(components).toContain(component);
  });

  it("should give every device Zigbee2MQTT's link quality sensor, off by default, though no converter exposes it", async () => {
    for (const model of catalogueModels()) {
      const d = await device(model).catch(() => undefined);
      if (!d) continue;
      expect(d.definition!.z2m!.exposes.some((e) => e.name === 'linkquality')).toBe(false);
      const lqi = discoveryConfigs(d).filter((c) => c.objectId === 'linkquality');
      expect(lqi, model).toHaveLength(1);
      expect(lqi[0]).toMatchObject({
        component: 'sensor',
        payload: { enabled_by_default: false, entity_category: 'diagnostic', unit_of_measurement: 'lqi', value_template: '{{ value_json["linkquality"] }}' },
      });
    }
  });

  it("should give a thermostat Zigbee2MQTT's climate payload with its setpoint and mode markers", async () => {
    const configs = discoveryConfigs(await ofType('climate'));
    const climate = configs.find((c) => c.component === 'climate')!;
    expect(climate.objectId).toBe('climate');
    expect(climate.payload).toMatchObject({ state_topic: false, temperature_unit: 'C', current_temperature_topic: true, mode_command_topic: true });
    // Heating and cooling setpoints: HA's low/high pair, each commanded on its own attribute.
    expect(climate.payload).toMatchObject({
      temperature_low_command_topic: 'occupied_heating_setpoint',
      temperature_high_command_topic: 'occupied_cooling_setpoint',
      temperature_low_state_topic: true,
    });
    expect((climate.payload.modes as string[]).includes('sleep')).toBe(false);
    expect(climate.command).toEqual({ prefix: undefined, noTopic: true });
  });

  it('should give a lock, a cover and a fan their state, position and speed templates', async () => {
    // A door lock's expose as the converters make it (e.presets.lock()).
    const lockExpose = {
      type: 'lock',
      features: [
        { type: 'binary', name: 'state', property: 'state', access: 7, value_on: 'LOCK', value_off: 'UNLOCK' },
        { type: 'enum', name: 'lock_state', property: 'lock_state', access: 1, values: ['not_fully_locked', 'locked', 'unlocked'] },
      ],
    };
    const lockDevice = {
      ieee: '0x00124b0000000009',
      interview: 'successful',
      endpoints: [],
      definition: {
        model: 'x',
        vendor: 'y',
        description: 'z',
        endpointNames: {},
        exposes: [lockExpose],
        z2m: { exposes: [lockExpose], options: [], supportsOta: false, source: 'native' },
      },
    } as unknown as ZigbeeDevice;
    const lock = discoveryConfigs(lockDevice).find((c) => c.component === 'lock')!;
    expect(lock.payload).toMatchObject({ value_template: '{{ value_json["state"] }}', state_locked: 'LOCK', state_unlocked: 'UNLOCK' });
    const cover = discoveryConfigs(await ofType('cover')).find((c) => c.component === 'cover')!;
    expect(cover.payload).toMatchObject({
      position_template: '{{ value_json["position"] }}',
      set_position_template: '{ "position": {{ position }} }',
      set_position_topic: true,
    });
    const fan = discoveryConfigs(await ofType('fan')).find((c) => c.component === 'fan')!;
    expect(fan.payload).toMatchObject({ percentage_state_topic: true, speed_range_min: 1 });
    expect(fan.command?.postfix).toBe('fan_state');
  });
});
