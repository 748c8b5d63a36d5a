import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateFile } from '../../src/radio/state-file';
import type { RadioState } from '../../src/radio/state-file';
import { tempDir } from '../support/temp-dir';

const state = (pool: number): RadioState => ({
  version: 1,
  networkState: 2,
  parameters: { values: { '1': '2211' }, endpoints: {} },
  network: { devices: [], pool: Array.from({ length: pool }, (_, i) => ({ ieee: `00124b00000000${String(i).padStart(2, '0')}`, model: 'TH01' })) },
});

describe('state file', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('vr-state');
  });
  afterEach(() => dir.remove());

  it('should return undefined when there is no file yet', () => {
    expect(new StateFile(join(dir.path, 'none.json'), () => state(0)).load()).toBeUndefined();
  });

  it('should write atomically into a new folder and read it back', () => {
    const path = join(dir.path, 'nested', 'radio.json');
    const file = new StateFile(path, () => state(2));
    file.flush();
    expect(file.load()).toEqual(state(2));
    expect(readdirSync(join(dir.path, 'nested'))).toEqual(['radio.json']);
  });

  it('should debounce a burst of changes into one write', async () => {
    const path = join(dir.path, 'radio.json');
    let pool = 0;
    const file = new StateFile(path, () => state(pool), 30);
    for (pool = 1; pool <= 5; pool++) file.schedule();
    await new Promise((r) => setTimeout(r, 80));
    expect(file.writeCount).toBe(1);
    expect(JSON.parse(readFileSync(path, 'utf8')).network.pool).toHaveLength(6);
  });

  it('should refuse a corrupt or foreign file with the path in the message', () => {
    const path = join(dir.path, 'bad.json');
    writeFileSync(path, JSON.stringify({ version: 9 }));
    expect(() => new StateFile(path, () => state(0)).load()).toThrow(/bad\.json: unsupported state version 9/);
    writeFileSync(path, '{');
    expect(() => new StateFile(path, () => state(0)).load()).toThrow();
  });
});
