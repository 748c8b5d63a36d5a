import { findByDevice } from 'zigbee-herdsman-converters';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUND_ITEMS, describeSubdevices, flattenExposes, toConverterCommand, type ExposeJson, type KeyMap, type SubdevicePlan } from '@herdgate/shared/deconz';
import { describeDefinition } from '../src/zigbee/translate';
import { catalogueModels, interviewedDevice } from './support/catalogue-device';

/**
 * Audit of the item bindings against the real converter definitions of every catalogue model: a
 * converter key the bound tables know (by the expose's name or its property: one model's fan mode
 * is `fan_mode`, another's a feature `mode` of property `fan_mode`) must be bound on the device's
 * sub-devices, and every setting a device exposes as writable must reach a deCONZ item, be written
 * by its type's commands, or be listed below with why deCONZ has no item for it.
 */

/** Writable keys the command writers send (not bound): the deCONZ command that writes each. */
const WRITTEN_BY_COMMAND: Readonly<Record<string, Record<string, unknown>>> = {
  state: { on: true },
  brightness: { bri: 100 },
  color_temp: { ct: 300 },
  color: { xy: [0.3, 0.3] },
  position: { lift: 50 },
  fan_mode: { speed: 2 },
  occupancy_timeout: { delay: 30 },
  led_indication: { ledindication: true },
  effect: { alert: 'select' },
};

/** Writable settings written another way, or with no item in the spec's tables (or none with the device's values). */
const NO_DECONZ_ITEM: Readonly<Record<string, string>> = {
  identify: 'deCONZ identifies through `alert`, a light command',
  power_on_behavior: "written by a light's `powerup` (bridge/src/features/startup-items.ts)",
  color_temp_startup: "written by a light's `powerup_ct` (bridge/src/features/startup-items.ts)",
  level_config: "holds current_level_startup, written by a light's `powerup_bri` (bridge/src/features/startup-items.ts)",
  current_level_startup: "written by a light's `powerup_bri` (bridge/src/features/startup-items.ts)",
  execute_if_off: 'no spec item',
  effect_color: 'Hue effect parameters have no spec item',
  effect_speed: 'Hue effect parameters have no spec item',
  hue: 'part of the `color` composite the colour commands write',
  saturation: 'part of the `color` composite the colour commands write',
  x: 'part of the `color` composite the colour commands write',
  y: 'part of the `color` composite the colour commands write',
  fan_state: "a fan's on/off is its fan mode in deCONZ (`on` writes mode on/off)",
  quiet_fan: 'no spec item',
  swing_mode: "the spec's `swingmode` is the louvre position (ac_louver_position, bound)",
  current_heating_setpoint: "the spec's `heatsetpoint` is bound to occupied_heating_setpoint",
  trv_mode: 'deCONZ keeps the valve mode in the read-only host flags',
  valve_position: "the spec's `valve` is read-only; `setvalve` takes a boolean, not a position",
  display_text: 'no spec item',
  frost_guard: 'no spec item',
  load: 'no spec item',
  max_floor_temp: 'no spec item',
  night_switching: 'no spec item',
  regulator_mode: 'no spec item',
  regulator_time: 'no spec item',
  unit_summation: "no spec item (the meter's unit is fixed by its interface mode)",
  adaptation_run_control: 'no spec item',
  adaptation_run_settings: 'no spec item',
  algorithm_scale_factor: 'no spec item',
  day_of_week: 'no spec item',
  heat_available: 'no spec item',
  load_balancing_enable: 'no spec item',
  load_room_mean: 'no spec item',
  max_heat_setpoint_limit: 'no spec item',
  occupied_heating_setpoint_scheduled: 'no spec item',
  radiator_covered: 'no spec item',
  thermostat_orientation: 'no spec item',
  trigger_time: 'no spec item',
  weekly_schedule_days: 'read into `schedule` by the bridge; the schedule binding writes weekly_schedule',
  display_unit: 'no spec item',
  motor_speed: "no spec item for a covering's speed",
  reverse_direction: "no spec item for a covering's direction",
  operation_mode: "deCONZ's `devicemode` of Aqara switches takes compatibility/zigbee (attribute 1/2), not the converters' command/event (0/1)",
  region_id: 'FP1 regions have no spec item',
  zones: 'FP1 regions have no spec item',
  region_upsert: 'FP1 regions have no spec item',
  region_delete: 'FP1 regions have no spec item',
  // Heiman heat alarm (HM-5HA-E).
  heartbeat_indicator: 'no spec item',
  siren_for_automation_only: 'no spec item (its siren cluster is not emulated either)',
  temporary_mute: 'no spec item',
  temperature_offset: "the spec's temperature `offset` is kept by the gateway, as deCONZ keeps it",
  // Tuya radiator valve (TS0601 _TZE200_ckud7u2l).
  auto_lock: 'no spec item',
  away_mode: 'no spec item (deCONZ shows away as a `preset`)',
  away_preset_days: 'no spec item',
  away_preset_temperature: 'no spec item',
  boost_time: 'no spec item',
  comfort_temperature: 'no spec item',
  eco_temperature: 'no spec item',
  force: 'no spec item (`setvalve` is bound to valve_detection)',
  max_temperature: 'no spec item',
  min_temperature: 'no spec item',
};

const ACCESS_SET = 0b010;
const keyOf = (expose: ExposeJson) => expose.property ?? expose.name ?? '';
/** The keys a binding reads and writes (a schedule writes another key, a programme its week and day programmes). */
const writtenKeys = (map: KeyMap) => (map.kind === 'schedule' ? [map.writeKey] : map.kind === 'programme' ? [map.week, ...Object.values(map.parts)] : []);
const boundKeys = (plans: readonly SubdevicePlan[]) =>
  new Set(plans.flatMap((plan) => Object.values(plan.bindings ?? {}).flatMap(({ map }) => [map.key, ...writtenKeys(map)])));

interface Audited {
  model: string;
  exposes: ExposeJson[];
  plans: SubdevicePlan[];
}

describe('catalogue bindings audit', () => {
  const audited: Audited[] = [];
  beforeAll(async () => {
    for (const model of catalogueModels()) {
      const device = interviewedDevice(model) as never;
      const definition = await findByDevice(device);
      if (!definition) throw new Error(`${model}: no converter definition`);
      const info = describeDefinition(definition, device);
      const exposes = info.exposes as unknown as ExposeJson[];
      audited.push({
        model,
        exposes,
        plans: describeSubdevices({ ieee: '0x00124b0000000001', exposes, defaultEndpoint: 1, endpointNames: info.endpointNames, model: info.model }),
      });
    }
  });

  it('should bind every converter key a bound table knows, by expose name or property', () => {
    const missed: string[] = [];
    for (const { model, exposes, plans } of audited) {
      for (const plan of plans) {
        // The exposes of the plan's endpoint group (all of a single-endpoint device).
        const group = flattenExposes(exposes.filter((expose) => expose.endpoint === plan.suffix));
        for (const row of BOUND_ITEMS[plan.type] ?? []) {
          const exposed = row.keys.find((map) => group.some((expose) => expose.name === map.key || expose.property === map.key));
          if (exposed && !plan.bindings?.[row.item]) missed.push(`${model} ${plan.type}: ${exposed.key} -> ${row.item}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('should account for every writable setting of every catalogue model', () => {
    const unaccounted: string[] = [];
    for (const { model, exposes, plans } of audited) {
      const bound = boundKeys(plans);
      for (const expose of flattenExposes(exposes)) {
        const key = keyOf(expose);
        // A multi-endpoint device's property carries its endpoint (`state_l1`); commands write the name.
        const name = expose.name ?? key;
        if (
          ((expose.access ?? 0) & ACCESS_SET) === 0 ||
          !key ||
          bound.has(key) ||
          bound.has(name) ||
          Object.hasOwn(NO_DECONZ_ITEM, key) ||
          Object.hasOwn(NO_DECONZ_ITEM, name)
        )
          continue;
        const command = WRITTEN_BY_COMMAND[key] ?? WRITTEN_BY_COMMAND[name];
        const written =
          command && plans.some((plan) => toConverterCommand(plan.type, command, plan.bindings).payloads.some((payload) => key in payload || name in payload));
        if (!written) unaccounted.push(`${model}: ${expose.name ?? key}${expose.name && expose.name !== key ? ` (${key})` : ''}`);
      }
    }
    expect(unaccounted).toEqual([]);
  });
});
