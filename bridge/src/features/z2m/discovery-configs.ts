import type { ZigbeeDevice } from '../../zigbee/index';
import { climate, cover, fan, lock } from './discovery-components';
import type { DiscoveryConfig, Feature } from './discovery-types';
import { withLinkquality } from './bridge-payloads';

export type { DiscoveryConfig, Feature } from './discovery-types';

/**
 * Home Assistant MQTT discovery configs of one device, as Zigbee2MQTT derives them from the
 * converters' exposes: light (JSON schema), switch, binary_sensor, sensor, number, select, and
 * climate, lock, cover and fan (discovery-components.ts), with
 * Zigbee2MQTT's object ids (so `unique_id` `<ieee>_<object_id>_<base>` matches a Zigbee2MQTT
 * install's, and a taken-over home keeps its entity ids). Device classes for the common names.
 */

const ACCESS_SET = 0b010;
const BINARY_CLASS: Record<string, Record<string, unknown>> = {
  battery_low: { entity_category: 'diagnostic', device_class: 'battery' },
  carbon_monoxide: { device_class: 'carbon_monoxide' },
  contact: { device_class: 'door' },
  gas: { device_class: 'gas' },
  occupancy: { device_class: 'occupancy' },
  presence: { device_class: 'occupancy' },
  smoke: { device_class: 'smoke' },
  tamper: { device_class: 'tamper' },
  vibration: { device_class: 'vibration' },
  water_leak: { device_class: 'moisture' },
};
const NUMERIC_CLASS: Record<string, Record<string, unknown>> = {
  battery: { device_class: 'battery', state_class: 'measurement' },
  co2: { device_class: 'carbon_dioxide', state_class: 'measurement' },
  current: { device_class: 'current', state_class: 'measurement' },
  energy: { device_class: 'energy', state_class: 'total_increasing' },
  humidity: { device_class: 'humidity', state_class: 'measurement' },
  illuminance: { device_class: 'illuminance', state_class: 'measurement' },
  linkquality: { enabled_by_default: false, entity_category: 'diagnostic', icon: 'mdi:signal', state_class: 'measurement' },
  power: { device_class: 'power', state_class: 'measurement' },
  pressure: { device_class: 'atmospheric_pressure', state_class: 'measurement' },
  temperature: { device_class: 'temperature', state_class: 'measurement' },
  voltage: { device_class: 'voltage', state_class: 'measurement' },
  device_temperature: { device_class: 'temperature', entity_category: 'diagnostic', state_class: 'measurement' },
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const named = (e: Feature, ep?: string) => (ep ? `${e.label ?? e.name} ${ep}` : (e.label ?? e.name ?? null));
const id = (base: string, ep?: string) => (ep ? `${base}_${ep}` : base);
const template = (property: string) => `{{ value_json["${property}"] }}`;

function light(e: Feature, all: Feature[]): DiscoveryConfig {
  const has = (n: string) => (e.features ?? []).find((f) => f.name === n);
  const ep = e.endpoint;
  const modes = [has('color_xy') ? 'xy' : has('color_hs') ? 'hs' : undefined, has('color_temp') ? 'color_temp' : undefined].filter(
    (m): m is string => m !== undefined,
  );
  const temp = has('color_temp');
  const effects = all.filter((x) => x.type === 'enum' && x.name === 'effect').flatMap((x) => x.values ?? []);
  return {
    component: 'light',
    objectId: id('light', ep),
    command: { prefix: ep },
    payload: {
      name: ep ? capital(ep) : null,
      brightness: has('brightness') !== undefined,
      schema: 'json',
      brightness_scale: 254,
      supported_color_modes: modes.length > 0 ? modes : ['brightness'],
      ...(temp ? { max_mireds: temp.value_max, min_mireds: temp.value_min } : {}),
      ...(effects.length > 0 ? { effect: true, effect_list: [...new Set(effects)] } : {}),
      ...(ep ? { state_topic_postfix: ep } : {}),
    },
  };
}

function single(e: Feature): DiscoveryConfig | undefined {
  const ep = e.endpoint;
  const property = e.property ?? e.name ?? '';
  const settable = ((e.access ?? 0) & ACCESS_SET) !== 0;
  const name = e.name ?? property;
  if (e.type === 'binary') {
    if (settable) {
      const bool = typeof e.value_on === 'boolean';
      return {
        component: 'switch',
        objectId: id(`switch_${name}`, ep),
        command: { prefix: ep, postfix: property },
        payload: {
          name: named(e, ep),
          value_template: bool ? `{% if value_json["${property}"] %}true{% else %}false{% endif %}` : template(property),
          payload_on: String(e.value_on),
          payload_off: String(e.value_off),
          ...BINARY_CLASS[name],
        },
      };
    }
    return {
      component: 'binary_sensor',
      objectId: id(name, ep),
      payload: { name: named(e, ep), value_template: template(property), payload_on: e.value_on, payload_off: e.value_off, ...BINARY_CLASS[name] },
    };
  }
  if (e.type === 'numeric') {
    const unit = e.unit ? { unit_of_measurement: e.unit } : {};
    if (settable) {
      return {
        component: 'number',
        objectId: id(name, ep),
        command: { prefix: ep, postfix: property },
        payload: {
          name: named(e, ep),
          value_template: template(property),
          ...unit,
          ...(e.value_step ? { step: e.value_step } : {}),
          ...(e.value_min == null ? {} : { min: e.value_min }),
          ...(e.value_max == null ? {} : { max: e.value_max }),
        },
      };
    }
    const payload: Record<string, unknown> = {
      name: named(e, ep),
      value_template: template(property),
      enabled_by_default: true,
      ...unit,
      ...NUMERIC_CLASS[name],
    };
    if (payload.device_class && !payload.unit_of_measurement) delete payload.device_class;
    return { component: 'sensor', objectId: id(name, ep), payload };
  }
  if (e.type === 'enum' && name !== 'action' && name !== 'effect') {
    if (settable)
      return {
        component: 'select',
        objectId: id(name, ep),
        command: { prefix: ep, postfix: property },
        payload: { name: named(e, ep), value_template: template(property), options: e.values },
      };
    return { component: 'sensor', objectId: id(name, ep), payload: { name: named(e, ep), value_template: template(property), enabled_by_default: true } };
  }
  return undefined;
}

export function discoveryConfigs(device: ZigbeeDevice): DiscoveryConfig[] {
  // With the `linkquality` expose Zigbee2MQTT appends to every device: its sensor entity (off by default).
  const exposes = (device.definition ? withLinkquality(device.definition.z2m?.exposes ?? []) : []) as Feature[];
  const configs: DiscoveryConfig[] = [];
  for (const e of exposes) {
    if (e.type === 'light') configs.push(light(e, exposes));
    else if (e.type === 'climate') configs.push(...climate(e, exposes));
    else if (e.type === 'lock') configs.push(...lock(e));
    else if (e.type === 'cover')
      configs.push(
        ...cover(
          e,
          exposes.filter((x) => x.type === 'cover' && x.endpoint === e.endpoint),
          exposes,
        ),
      );
    else if (e.type === 'fan') configs.push(...fan(e, device.definition?.model));
    else if (e.type === 'switch') {
      const state = (e.features ?? []).find((f) => f.name === 'state');
      if (state)
        configs.push({
          component: 'switch',
          objectId: id('switch', e.endpoint),
          command: { prefix: e.endpoint },
          payload: {
            name: e.endpoint ? capital(e.endpoint) : null,
            payload_off: state.value_off,
            payload_on: state.value_on,
            value_template: template(state.property ?? 'state'),
          },
        });
    } else {
      const config = single(e);
      if (config) configs.push(config);
    }
  }
  return configs;
}
