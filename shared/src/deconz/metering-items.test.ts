import { describe, expect, it } from 'vitest';
import { bindItem, readBound, writeBound } from './bindings';
import { describeSubdevices } from './describe';
import { METERING_ITEMS } from './metering-items';

const [mode, pulses] = METERING_ITEMS;
const EXPOSES = [
  { type: 'numeric', name: 'energy', property: 'energy', access: 1 },
  { type: 'numeric', name: 'pulse_configuration', property: 'pulse_configuration', access: 7, value_min: 0, value_max: 65535 },
  {
    type: 'enum',
    name: 'interface_mode',
    property: 'interface_mode',
    access: 7,
    values: ['electricity', 'gas', 'water', 'kamstrup-kmp', 'linky', 'IEC62056-21', 'DSMR-2.3', 'DSMR-4.0'],
  },
];

describe('metering items', () => {
  it('should number the interface modes from 1 as deCONZ does, both ways', () => {
    const binding = bindItem(mode!, EXPOSES)!;
    expect(binding).toMatchObject({ writable: true, min: 1, max: 8 });
    expect(readBound(binding, 'electricity')).toBe(1);
    expect(readBound(binding, 'DSMR-4.0')).toBe(8);
    expect(readBound(binding, 'unknown')).toBeUndefined();
    expect(writeBound(binding, 2)).toEqual({ ok: true, key: 'interface_mode', value: 'gas' });
    expect(writeBound(binding, 0)).toEqual({ ok: false, reason: 'this device takes 1 to 8' });
    expect(writeBound(binding, 9)).toMatchObject({ ok: false });
  });

  it('should take pulses per unit within the device range', () => {
    const binding = bindItem(pulses!, EXPOSES)!;
    expect(writeBound(binding, 500)).toEqual({ ok: true, key: 'pulse_configuration', value: 500 });
    expect(writeBound(binding, 70000)).toMatchObject({ ok: false });
  });

  it('should give a meter interface both items on its consumption sensor', () => {
    const [consumption] = describeSubdevices({ ieee: '0x0015bc001b000001', exposes: EXPOSES, defaultEndpoint: 2 });
    expect(consumption).toMatchObject({ type: 'ZHAConsumption', config: expect.arrayContaining(['interfacemode', 'pulseconfiguration']) });
    expect(Object.keys(consumption!.bindings ?? {}).sort()).toEqual(['interfacemode', 'pulseconfiguration']);
  });
});
