import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StateFile } from '../../src/radio/state-file';
import type { RadioState, Recovery } from '../../src/radio/state-file';
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
    file.flush();
    // The second write keeps the first as the last good version, and leaves no temp file behind.
    expect(readdirSync(join(dir.path, 'nested')).sort()).toEqual(['radio.json', 'radio.json.bak']);
  });

  it('should debounce a burst of changes into one write', async () => {
    const path = join(dir.path, 'radio.json');
    let pool = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const file = new StateFile(path, () => state(pool), 30);
      for (pool = 1; pool <= 5; pool++) file.schedule();
      vi.advanceTimersByTime(29);
      expect(file.writeCount).toBe(0);
      vi.advanceTimersByTime(1);
      expect(file.writeCount).toBe(1);
      vi.advanceTimersByTime(1_000);
      expect(file.writeCount).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(JSON.parse(readFileSync(path, 'utf8')).network.pool).toHaveLength(6);
  });

  it('should move a corrupt or foreign file aside and start from its last good version', () => {
    const path = join(dir.path, 'radio.json');
    const file = new StateFile(path, () => state(1));
    file.flush();
    file.flush();
    writeFileSync(path, JSON.stringify({ version: 9 }));
    const recoveries: Recovery[] = [];
    const reopened = new StateFile(
      path,
      () => state(0),
      200,
      (info) => recoveries.push(info),
    );
    expect(reopened.load()).toEqual(state(1));
    expect(recoveries).toEqual([expect.objectContaining({ reason: 'unsupported state version 9', fromBackup: true })]);
    expect(readFileSync(recoveries[0].corrupt, 'utf8')).toBe('{"version":9}');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(state(1));
  });

  it('should start fresh from a truncated file that has no good copy, keeping the damaged one', () => {
    const path = join(dir.path, 'radio.json');
    writeFileSync(path, JSON.stringify(state(3)).slice(0, 40));
    const recoveries: Recovery[] = [];
    expect(
      new StateFile(
        path,
        () => state(0),
        200,
        (info) => recoveries.push(info),
      ).load(),
    ).toBeUndefined();
    expect(recoveries).toHaveLength(1);
    expect(recoveries[0].fromBackup).toBe(false);
    expect(readdirSync(dir.path)).toEqual([expect.stringMatching(/^radio\.json\.corrupt-/)]);
  });
});
