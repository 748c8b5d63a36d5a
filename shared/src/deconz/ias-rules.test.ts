import { describe, expect, it } from 'vitest';
import { bindItem, readBound, writeBound } from './bindings';
import { describeSubdevices } from './describe';
import { IAS_ITEMS } from './ias-rules';
import { toDeconzItems } from './to-deconz';

const EXPOSES = [
  { type: 'binary', name: 'smoke', property: 'smoke', access: 1 },
  { type: 'binary', name: 'test', property: 'test', access: 1 },
  { type: 'enum', name: 'selftest', property: 'selftest', access: 2, values: [''] },
  { type: 'numeric', name: 'device_temperature', property: 'device_temperature', access: 1 },
];

describe('self-test (usertest)', () => {
  it('should start the test on true only, and read what the device reports while it runs', () => {
    const binding = bindItem(IAS_ITEMS[0]!, EXPOSES)!;
    expect(binding.writable).toBe(true);
    expect(writeBound(binding, true)).toEqual({ ok: true, key: 'selftest', value: '' });
    expect(writeBound(binding, false)).toEqual({ ok: false, reason: 'only true starts it' });
    expect(writeBound(binding, 'yes')).toEqual({ ok: false, reason: 'expected true' });
    expect(readBound(binding, true)).toBe(true);
  });

  it('should show usertest from the test state and the device temperature on a smoke detector', () => {
    const [fire] = describeSubdevices({ ieee: '0x00158d0002a60014', exposes: EXPOSES, defaultEndpoint: 1 });
    expect(fire).toMatchObject({ type: 'ZHAFire', config: expect.arrayContaining(['usertest', 'temperature']) });
    const items = toDeconzItems(fire!, { smoke: false, test: true, device_temperature: 23 });
    expect(items.config).toMatchObject({ usertest: true, temperature: 2300 });
  });
});
