import type { DiscoveryConfig, Feature } from './discovery-types';

/**
 * Home Assistant climate, lock, cover and fan configs as Zigbee2MQTT 2.14.1 derives them from a
 * composite expose. Topics are left as Zigbee2MQTT's markers (`true`, or the attribute a command
 * topic ends in); `resolveTopics` turns them into this API's topics.
 */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const template = (property: string) => `{{ value_json["${property}"] }}`;
const ACCESS_STATE = 0b001;
const ACCESS_SET = 0b010;
const plain = (f: Feature) => (f.endpoint && f.property ? f.property.slice(0, -1 - f.endpoint.length) : (f.property ?? ''));
const find = (e: Feature, name: string, type?: string) => (e.features ?? []).find((f) => f.name === name && (type === undefined || f.type === type));

export function climate(e: Feature, all: Feature[]): DiscoveryConfig[] {
  const ep = e.endpoint;
  const heating = (e.features ?? []).find((f) => f.type === 'numeric' && (f.name === 'occupied_heating_setpoint' || f.name === 'current_heating_setpoint'));
  const cooling = find(e, 'occupied_cooling_setpoint', 'numeric');
  const primary = heating ?? cooling;
  const temperature = find(e, 'local_temperature');
  if (!primary || primary.value_min === undefined || primary.value_max === undefined || !temperature) return [];
  const payload: Record<string, unknown> = {
    name: ep ? capital(ep) : null,
    state_topic: false,
    temperature_unit: 'C',
    temp_step: primary.value_step,
    min_temp: String(primary.value_min),
    max_temp: String(primary.value_max),
    current_temperature_topic: true,
    current_temperature_template: template(temperature.property ?? ''),
  };
  const mode = find(e, 'system_mode', 'enum');
  if (mode)
    Object.assign(payload, {
      mode_state_topic: true,
      mode_state_template: template(mode.property ?? ''),
      modes: (mode.values ?? []).filter((m) => m !== 'sleep'),
      mode_command_topic: true,
    });
  const running = find(e, 'running_state');
  if (running)
    Object.assign(payload, {
      action_topic: true,
      action_template: `{% set values = {None:None,'idle':'idle','heat':'heating','cool':'cooling','fan_only':'fan'} %}{{ values[value_json["${running.property}"]] }}`,
    });
  if (heating && cooling) {
    Object.assign(payload, {
      temperature_low_command_topic: heating.name,
      temperature_low_state_template: template(heating.property ?? ''),
      temperature_low_state_topic: true,
      temperature_high_command_topic: cooling.name,
      temperature_high_state_template: template(cooling.property ?? ''),
      temperature_high_state_topic: true,
    });
  } else
    Object.assign(payload, {
      temperature_command_topic: primary.name,
      temperature_state_template: template(primary.property ?? ''),
      temperature_state_topic: true,
    });
  const fanMode = find(e, 'fan_mode', 'enum');
  if (fanMode)
    Object.assign(payload, {
      fan_modes: fanMode.values,
      fan_mode_command_topic: true,
      fan_mode_state_template: template(fanMode.property ?? ''),
      fan_mode_state_topic: true,
    });
  const swing = find(e, 'swing_mode', 'enum');
  if (swing)
    Object.assign(payload, {
      swing_modes: swing.values,
      swing_mode_command_topic: true,
      swing_mode_state_template: template(swing.property ?? ''),
      swing_mode_state_topic: true,
    });
  const preset = find(e, 'preset', 'enum');
  if (preset)
    Object.assign(payload, {
      preset_modes: preset.values,
      preset_mode_command_topic: 'preset',
      preset_mode_value_template: template(preset.property ?? ''),
      preset_mode_state_topic: true,
    });
  const configs: DiscoveryConfig[] = [];
  const calibration = find(e, 'local_temperature_calibration', 'numeric');
  if (calibration) {
    configs.push({
      component: 'number',
      objectId: ep ? `${calibration.name}_${ep}` : `${calibration.name}`,
      command: { prefix: ep, postfix: calibration.property },
      payload: {
        name: ep ? `${calibration.label} ${ep}` : calibration.label,
        value_template: template(calibration.property ?? ''),
        device_class: 'temperature_delta',
        entity_category: 'config',
        ...(calibration.unit ? { unit_of_measurement: calibration.unit } : {}),
        ...(calibration.value_min == null ? {} : { min: calibration.value_min }),
        ...(calibration.value_max == null ? {} : { max: calibration.value_max }),
        ...(calibration.value_step == null ? {} : { step: calibration.value_step }),
      },
    });
  }
  const demand = find(e, 'pi_heating_demand', 'numeric');
  if (demand) {
    const settable = ((demand.access ?? 0) & ACCESS_SET) !== 0;
    configs.push({
      component: settable ? 'number' : 'sensor',
      objectId: ep ? `${demand.name}_${ep}` : `${demand.name}`,
      ...(settable ? { command: { prefix: ep, postfix: demand.property } } : {}),
      payload: {
        name: ep ? `${demand.label} ${ep}` : demand.label,
        value_template: template(demand.property ?? ''),
        ...(demand.unit ? { unit_of_measurement: demand.unit } : {}),
        icon: 'mdi:radiator',
        ...(settable ? { min: demand.value_min, max: demand.value_max } : { entity_category: 'diagnostic' }),
      },
    });
  }
  const ownTemperature = all.some(
    (x) => x.type === 'numeric' && (x.name === 'temperature' || x.name === 'local_temperature') && ((x.access ?? 0) & ACCESS_STATE) !== 0,
  );
  if (!ownTemperature) {
    configs.push({
      component: 'sensor',
      objectId: ep ? `${temperature.name}_${ep}` : `${temperature.name}`,
      payload: {
        name: ep ? `${temperature.label} ${ep}` : temperature.label,
        value_template: template(temperature.property ?? ''),
        ...(temperature.unit ? { unit_of_measurement: temperature.unit } : {}),
        device_class: 'temperature',
        state_class: 'measurement',
      },
    });
  }
  const humidity = all.find((x) => x.type === 'numeric' && x.name === 'humidity' && ((x.access ?? 0) & ACCESS_STATE) !== 0);
  if (humidity) Object.assign(payload, { current_humidity_template: template(humidity.property ?? ''), current_humidity_topic: true });
  configs.push({ component: 'climate', objectId: ep ? `climate_${ep}` : 'climate', command: { prefix: ep, noTopic: true }, payload });
  return configs;
}

export function lock(e: Feature): DiscoveryConfig[] {
  const state = find(e, 'state', 'binary');
  if (!state) return [];
  const ep = e.endpoint;
  return [
    {
      component: 'lock',
      objectId: ep ? `lock_${ep}` : 'lock',
      command: { prefix: ep, ...(ep ? { postfix: state.property } : {}) },
      payload: { name: ep ? capital(ep) : null, value_template: template(state.property ?? ''), state_locked: state.value_on, state_unlocked: state.value_off },
    },
  ];
}

const OPENING = ['opening', 'open', 'forward', 'up', 'rising'];
const CLOSING = ['closing', 'close', 'backward', 'back', 'reverse', 'down', 'declining'];
const STOPPED = ['stopped', 'stop', 'pause', 'paused'];

/** `exposes`: the device's cover exposes of this endpoint (Zigbee2MQTT looks across them for state, position, tilt). */
export function cover(e: Feature, exposes: Feature[], all: Feature[]): DiscoveryConfig[] {
  const pick = (name: string) => exposes.find((x) => (x.features ?? []).some((f) => f.name === name))?.features?.find((f) => f.name === name);
  const state = pick('state');
  if (!state) return [];
  const position = pick('position');
  const tilt = pick('tilt');
  const ep = e.endpoint;
  const motor = all.find((x) => x.type === 'enum' && (x.name === 'motor_state' || x.name === 'moving') && ((x.access ?? 0) & ACCESS_STATE) !== 0);
  const running = all.find((x) => x.type === 'binary' && x.name === 'running');
  const payload: Record<string, unknown> = { name: ep ? capital(ep) : null, ...(ep ? { state_topic_postfix: ep } : {}) };
  if (running && position) {
    payload.value_template = `{% if "${plain(running)}" in value_json and value_json["${plain(running)}"] %} {% if value_json["${plain(position)}"] > 0 %} closing {% else %} opening {% endif %} {% else %} stopped {% endif %}`;
  }
  if (motor) {
    const values = (motor.values ?? []).map(String);
    const [opening, closing, stopped] = [OPENING, CLOSING, STOPPED].map((lookup) => values.find((v) => lookup.includes(v.toLowerCase())));
    if (opening && closing && stopped) {
      const [m, s, p] = [plain(motor), plain(state), position ? plain(position) : undefined];
      const has = (key: string) => `"${key}" in value_json`;
      Object.assign(payload, { state_opening: opening, state_closing: closing, state_open: 'OPEN', state_closed: 'CLOSE', state_stopped: stopped });
      payload.value_template =
        (p
          ? `{% if ${has(p)} and value_json["${p}"] == 0 and ${has(s)} and value_json["${s}"] == "CLOSE" %}CLOSE{% elif ${has(p)} and value_json["${p}"] == 100 and ${has(s)} and value_json["${s}"] == "OPEN" %}OPEN`
          : '') +
        `${p ? '{% elif' : '{% if'} ${has(m)} and value_json["${m}"] == "${opening}" %}${opening}{% elif ${has(m)} and value_json["${m}"] == "${closing}" %}${closing}` +
        (p ? `{% elif ${has(m)} and value_json["${m}"] == "${stopped}" and ${has(p)} %}{% if value_json["${p}"] == 0 %}CLOSE{% else %}OPEN{% endif %}` : '') +
        `{% elif ${has(s)} and value_json["${s}"] == "OPEN" %}OPEN{% elif ${has(s)} and value_json["${s}"] == "CLOSE" %}CLOSE{% else %}${stopped}{% endif %}`;
    }
  }
  if (!payload.value_template)
    Object.assign(payload, { value_template: template(plain(state)), state_open: 'OPEN', state_closed: 'CLOSE', state_stopped: 'STOP' });
  if (!position && !tilt) payload.optimistic = true;
  if (position)
    Object.assign(payload, {
      position_template: template(plain(position)),
      set_position_template: `{ "${position.property}": {{ position }} }`,
      set_position_topic: true,
      position_topic: true,
    });
  if (tilt) Object.assign(payload, { tilt_command_topic: true, tilt_status_topic: true, tilt_status_template: template(plain(tilt)) });
  return [{ component: 'cover', objectId: ep ? `cover_${ep}` : 'cover', command: { prefix: ep }, payload }];
}

export function fan(e: Feature, model: string | undefined): DiscoveryConfig[] {
  if (e.endpoint) return [];
  const mode = find(e, 'mode', 'enum');
  const speed = find(e, 'speed', 'numeric');
  if (!mode === !speed) return [];
  const payload: Record<string, unknown> = { name: null };
  let postfix: string;
  if (mode) {
    const values = (mode.values ?? []).map(String);
    let speeds = ['off', ...['low', 'medium', 'high', '1', '2', '3', '4', '5', '6', '7', '8', '9'].filter((s) => values.includes(s))];
    let presets = ['on', 'auto', 'smart'].filter((s) => values.includes(s));
    // Hampton Bay 99432: four speeds (low, medium, high, on) and one preset (Comfort Breeze, `smart`).
    if (model === '99432') [speeds, presets] = [['off', 'low', 'medium', 'high', 'on'], ['smart']];
    if (presets.length === 0) return [];
    Object.assign(payload, {
      percentage_state_topic: true,
      percentage_command_topic: 'fan_mode',
      percentage_value_template: `{{ {${speeds.map((s, i) => `'${s}':${i}`).join(', ')}}[value_json["${mode.property}"]] | default('None') }}`,
      percentage_command_template: `{{ {${speeds.map((s, i) => `${i}:'${s}'`).join(', ')}}[value] | default('') }}`,
      speed_range_min: 1,
      speed_range_max: speeds.length - 1,
      preset_mode_state_topic: true,
      preset_mode_command_topic: 'fan_mode',
      preset_mode_value_template: `{{ value_json["${mode.property}"] if value_json["${mode.property}"] in [${presets.map((s) => `'${s}'`).join(', ')}] else 'None' | default('None') }}`,
      preset_modes: presets,
      state_value_template: '{{ value_json.fan_state }}',
    });
    postfix = 'fan_state';
  } else {
    Object.assign(payload, {
      percentage_state_topic: true,
      percentage_command_topic: 'speed',
      percentage_value_template: `{{ value_json["${speed!.property}"] | default('None') }}`,
      percentage_command_template: "{{ value | default('') }}",
      speed_range_min: speed!.value_min,
      speed_range_max: speed!.value_max,
      state_value_template: '{{ value_json.state }}',
    });
    postfix = 'state';
  }
  return [{ component: 'fan', objectId: 'fan', command: { postfix }, payload }];
}

/** Zigbee2MQTT's topic markers made into topics: `true` → the state or command topic, a name → `set/<name>`. */
export function resolveTopics(payload: Record<string, unknown>, state: string, base: string, prefix?: string, command?: string): void {
  const set = `${base}/${prefix ? `${prefix}/` : ''}set`;
  if (payload.set_position_topic && command) payload.set_position_topic = command;
  for (const key of [
    'mode_state_topic',
    'current_temperature_topic',
    'temperature_state_topic',
    'temperature_low_state_topic',
    'temperature_high_state_topic',
    'fan_mode_state_topic',
    'swing_mode_state_topic',
    'percentage_state_topic',
    'preset_mode_state_topic',
    'action_topic',
    'current_humidity_topic',
    'position_topic',
    'tilt_status_topic',
  ]) {
    if (payload[key] === true) payload[key] = state;
  }
  if (payload.tilt_command_topic) payload.tilt_command_topic = `${set}/tilt`;
  if (payload.mode_command_topic) payload.mode_command_topic = `${set}/system_mode`;
  if (payload.fan_mode_command_topic) payload.fan_mode_command_topic = `${set}/fan_mode`;
  if (payload.swing_mode_command_topic) payload.swing_mode_command_topic = `${set}/swing_mode`;
  for (const key of [
    'temperature_command_topic',
    'temperature_low_command_topic',
    'temperature_high_command_topic',
    'percentage_command_topic',
    'preset_mode_command_topic',
  ]) {
    if (typeof payload[key] === 'string') payload[key] = `${set}/${payload[key]}`;
  }
}
