import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoName, seedDemoNames } from './demo-names';

describe('demo names', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("should write the demo network's names as the bridge's names.json on a first start only", () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-names-'));
    const written = seedDemoNames('bridge/virtual-radio/networks/demo.json', dir);
    const names = JSON.parse(readFileSync(join(dir, 'names.json'), 'utf8')) as Record<string, string>;
    expect(written).toBe(Object.keys(names).length);
    expect(names['0x0017880104a1c001']).toBe('Living room ceiling');
    expect(names['0x00124b0022a1000b']).toBe('Bedside button');
    expect(Object.values(names).every((name) => name.length <= 32)).toBe(true);
    // The user's names win from then on.
    writeFileSync(join(dir, 'names.json'), '{"0x0017880104a1c001":"Big lamp"}\n');
    expect(seedDemoNames('bridge/virtual-radio/networks/demo.json', dir)).toBe(0);
    expect(readFileSync(join(dir, 'names.json'), 'utf8')).toContain('Big lamp');
  });

  it("should drop a long name's remark in brackets and cut what is still too long", () => {
    expect(demoName('Spare bulb held close (factory new: find it with a touchlink scan)')).toBe('Spare bulb held close');
    expect(demoName('Hallway (north)')).toBe('Hallway (north)');
    expect(demoName('x'.repeat(40))).toHaveLength(32);
  });
});
