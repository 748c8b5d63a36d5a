import type { BoundItem } from './bindings';

/**
 * ZHAThermostat items bound to converter keys (gateway-rest-api.md, thermostat rows of the sensor
 * tables). An item is present when its device exposes one of the keys; the expose then also says
 * whether the device lets it be written and which values it takes. Alternatives are listed in
 * order: `locked` is a child lock on some valves, a keypad lockout on others.
 */
export const THERMOSTAT_ITEMS: readonly BoundItem[] = [
  { item: 'temperature', section: 'state', keys: [{ key: 'local_temperature', kind: 'number', scale: 100 }] },
  {
    item: 'floortemperature',
    section: 'state',
    keys: [
      { key: 'floor_temperature', kind: 'number', scale: 100 },
      { key: 'floor_temp', kind: 'number', scale: 100 },
    ],
  },
  // The valve's opening in percent (the heating demand it drives the valve with).
  {
    item: 'valve',
    section: 'state',
    keys: [
      { key: 'pi_heating_demand', kind: 'number', scale: 1 },
      { key: 'position', kind: 'number', scale: 1 },
    ],
  },
  // deCONZ's names for the window-open detector's states (Danfoss Ally attribute 0x4000).
  {
    item: 'windowopen',
    section: 'state',
    keys: [
      {
        key: 'window_open_internal',
        kind: 'enum',
        names: { quarantine: 'Quarantine', closed: 'Closed', hold: 'Hold', open: 'Open', external_open: 'Open (external), closed (internal)' },
      },
    ],
  },
  { item: 'mountingmodeactive', section: 'state', keys: [{ key: 'mounted_mode_active', kind: 'bool' }] },
  // The fan mode the thermostat runs in (the spec lists it as state too; config `fanmode` sets it).
  { item: 'fanmode', section: 'state', keys: [{ key: 'fan_mode', kind: 'enum' }] },
  // deCONZ says "none" when the device reports no fault; otherwise the converter's fault names.
  { item: 'errorcode', section: 'state', keys: [{ key: 'system_status_code', kind: 'enum', names: { ok: 'none' } }] },
  // Tuya valves name their setpoint `current_heating_setpoint` (a data point, not the ZCL attribute).
  {
    item: 'heatsetpoint',
    section: 'config',
    keys: [
      { key: 'occupied_heating_setpoint', kind: 'number', scale: 100 },
      { key: 'current_heating_setpoint', kind: 'number', scale: 100 },
    ],
  },
  { item: 'coolsetpoint', section: 'config', keys: [{ key: 'occupied_cooling_setpoint', kind: 'number', scale: 100 }] },
  { item: 'mode', section: 'config', keys: [{ key: 'system_mode', kind: 'enum' }] },
  // deCONZ's names for the Tuya valves' schedule and away presets.
  { item: 'preset', section: 'config', keys: [{ key: 'preset', kind: 'enum', names: { schedule: 'auto', away: 'holiday' } }] },
  { item: 'fanmode', section: 'config', keys: [{ key: 'fan_mode', kind: 'enum' }] },
  // AC louvre positions: the converters' names, spaced ("fully open", "quarter open").
  { item: 'swingmode', section: 'config', keys: [{ key: 'ac_louver_position', kind: 'enum' }] },
  // Which probe a floor-heating thermostat regulates on (deCONZ's names; "floor protection" is the
  // air probe with the floor probe as an upper limit).
  {
    item: 'temperaturemeasurement',
    section: 'config',
    keys: [
      { key: 'sensor', kind: 'enum', names: { air: 'air sensor', floor: 'floor sensor', supervisor_floor: 'floor protection' } },
      { key: 'temperature_sensor_select', kind: 'enum', names: { air_sensor: 'air sensor', floor_sensor: 'floor sensor', max_guard: 'floor protection' } },
    ],
  },
  {
    item: 'offset',
    section: 'config',
    keys: [
      { key: 'local_temperature_calibration', kind: 'number', scale: 100 },
      { key: 'regulation_setpoint_offset', kind: 'number', scale: 100 },
    ],
  },
  {
    item: 'locked',
    section: 'config',
    keys: [
      { key: 'child_lock', kind: 'bool' },
      { key: 'keypad_lockout', kind: 'flag', on: ['lock', 'lock1', 'lock2'], write: ['lock', 'unlock'] },
    ],
  },
  {
    item: 'displayflipped',
    section: 'config',
    keys: [
      { key: 'viewing_direction', kind: 'bool' },
      { key: 'mirror_display', kind: 'bool' },
    ],
  },
  // A valve's vendor flags bitmap as a number (read-only; deCONZ shows it for debugging).
  { item: 'hostflags', section: 'config', keys: [{ key: 'host_flags', kind: 'number', scale: 1 }] },
  { item: 'mountingmode', section: 'config', keys: [{ key: 'mounted_mode_control', kind: 'bool' }] },
  // Hundredths of a degree from a room sensor elsewhere; -8000 switches it off.
  { item: 'externalsensortemp', section: 'config', keys: [{ key: 'external_measured_room_sensor', kind: 'number', scale: 1 }] },
  { item: 'externalwindowopen', section: 'config', keys: [{ key: 'window_open_external', kind: 'bool' }] },
  // A Tuya valve's valve switch (data point 20; the converters call it valve detection).
  { item: 'setvalve', section: 'config', keys: [{ key: 'valve_detection', kind: 'bool' }] },
  {
    item: 'windowopen_set',
    section: 'config',
    keys: [
      { key: 'window_open_feature', kind: 'bool' },
      { key: 'window_detection', kind: 'bool' },
    ],
  },
  // The weekly programme itself: ZCL set/get weekly schedule, from the days the bridge keeps; or a
  // Tuya valve's work-day and holiday programmes (data points 112, 113: six slots of hour, minute,
  // whole °C) under its week format (111: 5+2, 6+1 or 7), as deCONZ shows them (W124 and W3).
  {
    item: 'schedule',
    section: 'config',
    keys: [
      { key: 'weekly_schedule_days', kind: 'schedule', writeKey: 'weekly_schedule' },
      {
        key: 'weekly_programme',
        kind: 'programme',
        week: 'week',
        parts: { workdays: 'workdays_schedule', holidays: 'holidays_schedule' },
        formats: { '5+2': { workdays: 124, holidays: 3 }, '6+1': { workdays: 126, holidays: 1 }, '7': { workdays: 127 } },
        slots: 6,
        heat: [500, 3400],
      },
    ],
  },
  // The weekly programme on or off: the thermostat follows its schedule or holds the setpoint; a
  // Tuya valve follows its programme in its `schedule` preset (deCONZ's `auto`), manual otherwise.
  {
    item: 'schedule_on',
    section: 'config',
    keys: [
      { key: 'programming_operation_mode', kind: 'flag', on: ['schedule', 'schedule_with_preheat'], write: ['schedule', 'setpoint'] },
      { key: 'preset', kind: 'flag', on: ['schedule'], write: ['schedule', 'manual'] },
    ],
  },
];
