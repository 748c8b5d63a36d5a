import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterviewGate } from './interview-gate';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('interview gate', () => {
  afterEach(() => vi.useRealTimers());

  it('should let `limit` devices in at once and the next ones in join order as slots free', async () => {
    const gate = new InterviewGate(2);
    await gate.enter('a');
    await gate.enter('b');
    const c = gate.enter('c');
    const d = gate.enter('d');
    expect([gate.active, gate.queued]).toEqual([2, 2]);
    expect(await settled(c)).toBe(false);
    gate.leave('a');
    expect(await settled(c)).toBe(true);
    expect(await settled(d)).toBe(false);
    gate.leave('b');
    expect(await settled(d)).toBe(true);
    expect([gate.active, gate.queued]).toEqual([2, 0]);
  });

  it('should not count a device twice when it joins again while holding or waiting for a slot', async () => {
    const gate = new InterviewGate(1);
    await gate.enter('a');
    await gate.enter('a');
    const first = gate.enter('b');
    const again = gate.enter('b');
    expect([gate.active, gate.queued]).toEqual([1, 1]);
    gate.leave('a');
    expect(await settled(first)).toBe(true);
    expect(await settled(again)).toBe(true);
    gate.leave('x');
    expect(gate.active).toBe(1);
  });

  it('should free a slot held longer than the limit, so a lost event cannot stop pairing', async () => {
    vi.useFakeTimers();
    const gate = new InterviewGate(1, 1_000);
    await gate.enter('a');
    const b = gate.enter('b');
    vi.advanceTimersByTime(999);
    expect(await settled(b)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(b)).toBe(true);
  });

  it('should let waiting devices in when it widens and take no slot back when it narrows', async () => {
    const gate = new InterviewGate(1);
    await gate.enter('a');
    const b = gate.enter('b');
    const c = gate.enter('c');
    gate.resize(2);
    expect(await settled(b)).toBe(true);
    expect(await settled(c)).toBe(false);
    gate.resize(1);
    expect(gate.active).toBe(2);
    gate.leave('a');
    expect(await settled(c)).toBe(false);
    gate.leave('b');
    expect(await settled(c)).toBe(true);
  });
});
