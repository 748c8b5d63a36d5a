import { readFileSync, readdirSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { subdeviceSchema } from '../mqtt/schemas/device';
import { describeSubdevices } from './describe';
import { toDeconzItems } from './to-deconz';

// Inputs: exposes dumped from zigbee-herdsman-converters 26.112.0 for the catalogue models, plus a
// converter state of the shape their fromZigbee converters publish. Expected: reviewed deCONZ JSON.
const dir = new URL('./fixtures/', import.meta.url);
const read = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
const fixtures = readdirSync(dir)
  .filter((name) => name.endsWith('.input.json'))
  .map((name) => ({ name: name.replace('.input.json', ''), input: read(name), expected: read(name.replace('.input', '.expected')) }));

describe('deconz golden fixtures', () => {
  it('should cover the whole device catalogue', () => {
    expect(fixtures.map((f) => f.input.model).sort()).toEqual(
      [
        '3400-D',
        '9290011370',
        '9290012573A',
        '9290012607',
        'E1524/E1810',
        'E1757',
        'E160x/E170x/E190x',
        'LED1836G9',
        'SNZB-01',
        'SNZB-02',
        'SNZB-04',
        'Zen-01-W',
        'HS3SA/HS1SA',
        'HS1WL/HS3WL',
        'HS1CA-E',
        'SP 120',
        '99432',
        '014G2461',
        'MFKZQ01LM',
        'DJT11LM',
        'VOCKQJK11LM',
        '929003017102',
        'MLI-404011/MLI-404049',
        'WXKG15LM',
        'E1744',
        'TS0601_thermostat',
      ].sort(),
    );
  });

  for (const { name, input, expected } of fixtures) {
    it(`should present ${name} as the expected deCONZ sub-devices and items`, () => {
      const subdevices = describeSubdevices(input);
      expect(subdevices).toEqual(expected.subdevices);
      for (const subdevice of subdevices) expect(v.safeParse(subdeviceSchema, subdevice).success).toBe(true);
      const items = Object.fromEntries(subdevices.map((s) => [s.uniqueid, toDeconzItems(s, input.converterState)]));
      expect(items).toEqual(expected.items);
    });
  }
});
