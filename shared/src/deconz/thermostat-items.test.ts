import { describe, expect, it } from 'vitest';
import { describeSubdevices } from './describe';
import type { ExposeJson } from './expose';
import { toConverterCommand } from './to-converter';
import { toDeconzItems } from './to-deconz';

const SET = 7;
const GET = 5;
const num = (name: string, access: number, min?: number, max?: number): ExposeJson => ({
  type: 'numeric',
  name,
  property: name,
  access,
  value_min: min,
  value_max: max,
});
const binary = (name: string, access: number, on: unknown = true, off: unknown = false) =>
  ({ type: 'binary', name, property: name, access, value_on: on, value_off: off }) as ExposeJson;
const enumOf = (name: string, access: number, values: string[]): ExposeJson => ({ type: 'enum', name, property: name, access, values });
/** A switch that sets a device option: its state feature's property is the option (the converters' Switch().withState(option)). */
const optionSwitch = (property: string, on = 'ON', off = 'OFF'): ExposeJson => ({ type: 'switch', features: [{ ...binary('state', SET, on, off), property }] });

// The shape of a Danfoss Ally's exposes (zigbee-herdsman-converters 26.112.0), trimmed to what deCONZ shows.
const VALVE: ExposeJson[] = [
  {
    type: 'climate',
    features: [
      num('local_temperature', GET),
      num('occupied_heating_setpoint', SET, 5, 35),
      enumOf('system_mode', SET, ['heat']),
      num('pi_heating_demand', 1, 0, 100),
      enumOf('running_state', GET, ['idle', 'heat']),
    ],
  },
  enumOf('keypad_lockout', SET, ['unlock', 'lock']),
  binary('mounted_mode_active', GET),
  binary('mounted_mode_control', SET),
  binary('viewing_direction', SET, 'upside-down', 'normal'),
  num('external_measured_room_sensor', SET, -8000, 3500),
  binary('window_open_feature', SET),
  enumOf('window_open_internal', GET, ['quarantine', 'closed', 'hold', 'open', 'external_open']),
  binary('window_open_external', SET),
  enumOf('programming_operation_mode', SET, ['setpoint', 'schedule', 'schedule_with_preheat', 'eco']),
  num('regulation_setpoint_offset', SET, -2.5, 2.5),
  { type: 'text', name: 'system_status_code', property: 'system_status_code', access: GET },
  num('battery', GET, 0, 100),
];
const [valve] = describeSubdevices({ ieee: '0x0011223344556677', exposes: VALVE, defaultEndpoint: 1 });

describe('thermostat items bound to the device exposes', () => {
  it('should present every item the valve exposes, and none it does not', () => {
    expect(valve).toMatchObject({ type: 'ZHAThermostat', uniqueid: '00:11:22:33:44:55:66:77-01-0201' });
    expect(valve!.state).toEqual(['temperature', 'on', 'heating', 'valve', 'windowopen', 'mountingmodeactive', 'errorcode']);
    expect(valve!.config).toEqual([
      'heatsetpoint',
      'mode',
      'offset',
      'locked',
      'displayflipped',
      'mountingmode',
      'externalsensortemp',
      'externalwindowopen',
      'windowopen_set',
      'schedule_on',
      'battery',
      'on',
      'reachable',
    ]);
  });

  it('should read converter state in deCONZ units and names', () => {
    const items = toDeconzItems(valve!, {
      local_temperature: 21.37,
      running_state: 'heat',
      pi_heating_demand: 64,
      window_open_internal: 'external_open',
      mounted_mode_active: false,
      system_status_code: 'ok',
      occupied_heating_setpoint: 21.5,
      system_mode: 'heat',
      regulation_setpoint_offset: -1.2,
      keypad_lockout: 'lock',
      viewing_direction: 'upside-down',
      mounted_mode_control: true,
      external_measured_room_sensor: -8000,
      window_open_external: false,
      window_open_feature: true,
      programming_operation_mode: 'schedule_with_preheat',
      battery: 87,
    });
    expect(items.state).toEqual({
      temperature: 2137,
      on: true,
      heating: true,
      valve: 64,
      windowopen: 'Open (external), closed (internal)',
      mountingmodeactive: false,
      errorcode: 'none',
    });
    expect(items.config).toEqual({
      heatsetpoint: 2150,
      mode: 'heat',
      offset: -120,
      locked: true,
      displayflipped: true,
      mountingmode: true,
      externalsensortemp: -8000,
      externalwindowopen: false,
      windowopen_set: true,
      schedule_on: true,
      battery: 87,
      on: true,
    });
  });

  it('should write each config item to its converter key with the device values', () => {
    const command = {
      heatsetpoint: 2250,
      mode: 'heat',
      offset: 250,
      locked: false,
      displayflipped: false,
      mountingmode: false,
      externalsensortemp: 1980,
      externalwindowopen: true,
      windowopen_set: false,
      schedule_on: false,
    };
    expect(toConverterCommand('ZHAThermostat', command, valve!.bindings)).toEqual({
      payloads: [
        {
          occupied_heating_setpoint: 22.5,
          system_mode: 'heat',
          regulation_setpoint_offset: 2.5,
          keypad_lockout: 'unlock',
          viewing_direction: 'normal',
          mounted_mode_control: false,
          external_measured_room_sensor: 1980,
          window_open_external: true,
          window_open_feature: false,
          programming_operation_mode: 'setpoint',
        },
      ],
      sent: Object.keys(command),
      unsupported: [],
    });
  });

  it('should refuse values outside what the device takes, and items it does not have', () => {
    const bad = toConverterCommand('ZHAThermostat', { heatsetpoint: 3600, mode: 'cool', offset: -251, valve: 10, coolsetpoint: 2000 }, valve!.bindings);
    expect(bad.payloads).toEqual([]);
    expect(bad.invalid).toEqual([
      { item: 'heatsetpoint', reason: 'this device takes 500 to 3500' },
      { item: 'mode', reason: 'this device takes heat' },
      { item: 'offset', reason: 'this device takes -250 to 250' },
      { item: 'valve', reason: 'read-only on this device' },
    ]);
    expect(bad.unsupported).toEqual(['coolsetpoint']);
  });

  it('should bind a child lock and a calibration where a thermostat has those instead', () => {
    const [zen] = describeSubdevices({
      ieee: '0x0011223344556677',
      defaultEndpoint: 3,
      exposes: [
        {
          type: 'climate',
          features: [num('local_temperature_calibration', SET, -2.5, 2.5), enumOf('system_mode', SET, ['off', 'emergency_heating', 'fan_only'])],
        },
        binary('child_lock', SET, 'LOCK', 'UNLOCK'),
      ],
    });
    expect(toConverterCommand('ZHAThermostat', { offset: -50, locked: true, mode: 'emergency heating' }, zen!.bindings).payloads).toEqual([
      { local_temperature_calibration: -0.5, child_lock: 'LOCK', system_mode: 'emergency_heating' },
    ]);
    expect(toDeconzItems(zen!, { system_mode: 'fan_only', child_lock: 'UNLOCK' }).config).toEqual({ mode: 'fan only', locked: false, on: true });
  });

  it("should bind a floor thermostat's probe selection and floor temperature in deCONZ names", () => {
    // The shape of an ELKO Super TR's exposes (the converters' `sensor` and `floor_temp`).
    const [floor] = describeSubdevices({
      ieee: '0x0011223344556677',
      defaultEndpoint: 1,
      exposes: [
        {
          type: 'climate',
          features: [num('local_temperature', GET), num('occupied_heating_setpoint', SET, 5, 40), enumOf('system_mode', SET, ['off', 'heat'])],
        },
        enumOf('sensor', SET, ['air', 'floor', 'supervisor_floor']),
        num('floor_temp', GET),
        binary('child_lock', SET, 'lock', 'unlock'),
      ],
    });
    expect(floor!.state).toContain('floortemperature');
    expect(floor!.config).toContain('temperaturemeasurement');
    expect(toDeconzItems(floor!, { floor_temp: 23.8, sensor: 'supervisor_floor' })).toMatchObject({
      state: { floortemperature: 2380 },
      config: { temperaturemeasurement: 'floor protection' },
    });
    expect(toConverterCommand('ZHAThermostat', { temperaturemeasurement: 'floor sensor' }, floor!.bindings).payloads).toEqual([{ sensor: 'floor' }]);
    expect(toConverterCommand('ZHAThermostat', { temperaturemeasurement: 'outdoor' }, floor!.bindings).invalid).toEqual([
      { item: 'temperaturemeasurement', reason: 'this device takes air sensor, floor sensor, floor protection' },
    ]);
  });

  it("should bind an AC interface's presets, louvre positions and fan modes", () => {
    const [ac] = describeSubdevices({
      ieee: '0x0011223344556677',
      defaultEndpoint: 1,
      exposes: [
        { type: 'climate', features: [enumOf('preset', 3, ['activity', 'boost', 'eco']), enumOf('fan_mode', SET, ['low', 'medium', 'high', 'auto'])] },
        enumOf('ac_louver_position', 3, ['quarter_open', 'half_open', 'three_quarters_open', 'fully_open']),
      ],
    });
    expect(ac!.config).toEqual(expect.arrayContaining(['preset', 'fanmode', 'swingmode']));
    expect(toConverterCommand('ZHAThermostat', { preset: 'eco', swingmode: 'three quarters open', fanmode: 'high' }, ac!.bindings).payloads).toEqual([
      { preset: 'eco', ac_louver_position: 'three_quarters_open', fan_mode: 'high' },
    ]);
    expect(toConverterCommand('ZHAThermostat', { swingmode: 'fully closed' }, ac!.bindings).invalid?.[0]?.item).toBe('swingmode');
    expect(toDeconzItems(ac!, { preset: 'boost', ac_louver_position: 'half_open', fan_mode: 'auto' }).config).toMatchObject({
      preset: 'boost',
      swingmode: 'half open',
      fanmode: 'auto',
    });
  });

  it("should bind a Tuya valve's setpoint, presets in deCONZ names and its valve switch", () => {
    // The shape of the TS0601_thermostat exposes (Moes HY369RT, zigbee-herdsman-converters 26.112.0), trimmed.
    const [tuya] = describeSubdevices({
      ieee: '0x0011223344556677',
      defaultEndpoint: 1,
      exposes: [
        binary('child_lock', SET, 'LOCK', 'UNLOCK'),
        optionSwitch('window_detection'),
        binary('battery_low', GET),
        optionSwitch('valve_detection'),
        num('position', GET, 0, 100),
        optionSwitch('auto_lock', 'AUTO', 'MANUAL'),
        optionSwitch('away_mode'),
        {
          type: 'climate',
          features: [
            num('current_heating_setpoint', SET, 5, 35),
            num('local_temperature', GET),
            enumOf('system_mode', SET, ['heat', 'auto', 'off']),
            num('local_temperature_calibration', SET, -9, 9),
            enumOf('preset', SET, ['schedule', 'manual', 'boost', 'complex', 'comfort', 'eco', 'away']),
            enumOf('running_state', GET, ['idle', 'heat']),
          ],
        },
      ],
    });
    // Its option switches (window and valve detection, auto lock, away mode) are no plugs of their own.
    expect(tuya!.type).toBe('ZHAThermostat');
    expect(describeSubdevices({ ieee: '0x0011223344556677', defaultEndpoint: 1, exposes: [optionSwitch('valve_detection')] })).toEqual([]);
    expect(tuya!.state).toEqual(['temperature', 'on', 'heating', 'valve']);
    expect(tuya!.config).toEqual(['heatsetpoint', 'mode', 'preset', 'offset', 'locked', 'setvalve', 'windowopen_set', 'schedule_on', 'on', 'reachable']);
    expect(
      toDeconzItems(tuya!, {
        current_heating_setpoint: 21.5,
        local_temperature: 19.5,
        system_mode: 'auto',
        preset: 'away',
        valve_detection: 'ON',
        position: 35,
        running_state: 'heat',
        child_lock: 'UNLOCK',
        window_detection: 'ON',
        local_temperature_calibration: -1.5,
      }),
    ).toMatchObject({
      state: { temperature: 1950, valve: 35, on: true, heating: true },
      config: { heatsetpoint: 2150, mode: 'auto', preset: 'holiday', setvalve: true, locked: false, windowopen_set: true, offset: -150, schedule_on: false },
    });
    // It follows its programme in its schedule preset (deCONZ's auto): schedule_on is that preset.
    expect(toDeconzItems(tuya!, { preset: 'schedule' }).config).toEqual({ preset: 'auto', schedule_on: true, on: true });
    expect(toConverterCommand('ZHAThermostat', { schedule_on: false }, tuya!.bindings).payloads).toEqual([{ preset: 'manual' }]);
    // Both set its preset: agreeing they go, disagreeing the second is refused rather than lost.
    expect(toConverterCommand('ZHAThermostat', { preset: 'auto', schedule_on: true }, tuya!.bindings)).toMatchObject({
      payloads: [{ preset: 'schedule' }],
      sent: ['preset', 'schedule_on'],
    });
    expect(toConverterCommand('ZHAThermostat', { preset: 'eco', schedule_on: true }, tuya!.bindings).invalid).toEqual([
      { item: 'schedule_on', reason: 'sets the same device setting as preset in this write, to another value' },
    ]);
    expect(toConverterCommand('ZHAThermostat', { setvalve: false, preset: 'auto', heatsetpoint: 2350 }, tuya!.bindings).payloads).toEqual([
      { valve_detection: 'OFF', preset: 'schedule', current_heating_setpoint: 23.5 },
    ]);
    expect(toConverterCommand('ZHAThermostat', { setvalve: 1, preset: 'program' }, tuya!.bindings).invalid).toEqual([
      { item: 'setvalve', reason: 'expected true or false' },
      { item: 'preset', reason: 'this device takes auto, manual, boost, complex, comfort, eco, holiday' },
    ]);
  });
});
