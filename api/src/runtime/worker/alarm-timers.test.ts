import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { DurableObjectStorage } from '@cloudflare/workers-types';
import { AlarmTimers } from './alarm-timers';

function setup(heartbeatMs?: number) {
  let now = 1_000;
  const alarms: number[] = [];
  const storage = { setAlarm: async (at: number) => void alarms.push(at) } as unknown as DurableObjectStorage;
  const timers = new AlarmTimers(storage, pino({ level: 'silent' }), heartbeatMs, () => now);
  return { timers, alarms, advance: (ms: number) => (now += ms) };
}

describe('alarm timers', () => {
  it('should keep the alarm at the earliest pending timer and fire due ones in due order', () => {
    const { timers, alarms, advance } = setup();
    const fired: string[] = [];
    timers.set(() => fired.push('late'), 500);
    timers.set(() => fired.push('early'), 100);
    timers.set(() => fired.push('later'), 900);
    expect(alarms).toEqual([1_500, 1_100]);
    advance(600);
    expect(timers.fireDue()).toBe(2);
    expect(fired).toEqual(['early', 'late']);
    expect(alarms.at(-1)).toBe(1_900);
  });

  it('should not fire a cleared timer, nor one that is not due yet', () => {
    const { timers, advance } = setup();
    const fired: string[] = [];
    const handle = timers.set(() => fired.push('cleared'), 10);
    timers.set(() => fired.push('kept'), 1_000);
    timers.clear(handle);
    advance(20);
    expect(timers.fireDue()).toBe(0);
    expect(fired).toEqual([]);
    expect(timers.size()).toBe(1);
  });

  it('should carry on after a throwing callback and keep a heartbeat alarm when idle', () => {
    const { timers, alarms, advance } = setup(30_000);
    const fired: string[] = [];
    timers.set(() => {
      throw new Error('boom');
    }, 0);
    timers.set(() => fired.push('after'), 0);
    expect(timers.fireDue()).toBe(2);
    expect(fired).toEqual(['after']);
    advance(5);
    timers.fireDue();
    expect(alarms.at(-1)).toBe(1_005 + 30_000);
  });
});
