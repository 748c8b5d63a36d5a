import { describe, expect, it } from 'vitest';
import { FaultTable } from '../../src/network/faults';

describe('fault table', () => {
  it('should drop a counted number of frames for one device only', () => {
    const faults = new FaultTable(() => 0);
    faults.add({ kind: 'drop', ieee: 'aa', frames: 2 });
    expect(faults.takeDrop('bb')).toBe(false);
    expect([faults.takeDrop('aa'), faults.takeDrop('aa'), faults.takeDrop('aa')]).toEqual([true, true, false]);
    expect(faults.list()).toEqual([]);
  });

  it('should apply a fault without an ieee to every device until it expires', () => {
    let now = 1_000;
    const faults = new FaultTable(() => now);
    faults.add({ kind: 'delay', ms: 40, durationMs: 100 });
    faults.add({ kind: 'no-ack', ieee: 'cc' });
    expect(faults.delayFor('anything')).toBe(40);
    expect(faults.silenced('cc')).toBe(true);
    expect(faults.silenced('dd')).toBe(false);
    now = 1_100;
    expect(faults.delayFor('anything')).toBe(0);
    expect(faults.list().map((f) => f.kind)).toEqual(['no-ack']);
  });

  it('should remove by id and clear all', () => {
    const faults = new FaultTable(() => 0);
    const a = faults.add({ kind: 'no-ack' });
    faults.add({ kind: 'drop' });
    expect(faults.remove(a.id)).toBe(true);
    expect(faults.remove(a.id)).toBe(false);
    faults.clear();
    expect(faults.list()).toEqual([]);
  });
});
