import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { generateDdf } from './generate';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as unknown;

describe('generated DDF', () => {
  it('should describe a sleepy climate sensor as the golden fixture: fingerprints, ZCL items, reporting', () => {
    expect(generateDdf(fixture('snzb-02.input.json') as DeviceDescription)).toEqual(fixture('snzb-02.expected.json'));
  });

  it('should keep the devcap1 key order deCONZ uses', () => {
    const ddf = generateDdf(fixture('snzb-02.input.json') as DeviceDescription);
    expect(Object.keys(ddf)).toEqual(['schema', 'manufacturername', 'modelid', 'vendor', 'product', 'sleeper', 'status', 'path', 'subdevices', 'bindings']);
  });

  it('should describe a device the converters do not know as a draft without items to parse', () => {
    const input = fixture('snzb-02.input.json') as DeviceDescription;
    const ddf = generateDdf({ ...input, supported: false, subdevices: [], bindings: undefined, endpoints: undefined });
    expect(ddf).toMatchObject({ status: 'Draft', subdevices: [], bindings: [] });
  });
});
