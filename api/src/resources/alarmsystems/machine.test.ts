import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMINGS,
  INITIAL_STATE,
  advance,
  normaliseArmmask,
  requestMode,
  secondsRemaining,
  trigger,
  type AlarmState,
  type AlarmTimings,
} from './machine';
import { FIRST_LOCKOUT_MS, OPEN_GUARD, lockedUntil, recordFailure, type FailureOutcome } from './pin-guard';
import { decideTrigger } from './triggers';

const T0 = Date.UTC(2026, 0, 1, 12);
const timings: AlarmTimings = {
  ...DEFAULT_TIMINGS,
  armed_away_exit_delay: 10,
  armed_away_entry_delay: 5,
  armed_away_trigger_duration: 30,
  armed_stay_exit_delay: 0,
  armed_stay_entry_delay: 0,
  armed_stay_trigger_duration: 7,
};

/** Where the machine is at each offset (seconds after T0), for a fake clock walking through it. */
function walk(start: AlarmState, offsets: number[]): Array<[number, string, number]> {
  let state = start;
  return offsets.map((offset) => {
    state = advance(state, timings, T0 + offset * 1000);
    return [offset, state.armstate, secondsRemaining(state, T0 + offset * 1000)];
  });
}

describe('alarm state machine', () => {
  it('should count the exit delay down, show arming for a second, then be armed', () => {
    const armed = requestMode(INITIAL_STATE, timings, 'armed_away', T0);
    expect(armed).toEqual({ armmode: 'armed_away', armstate: 'exit_delay', deadline: T0 + 10_000 });
    expect(walk(armed, [0, 0.5, 1, 9, 9.999, 10, 10.5, 11, 60])).toEqual([
      [0, 'exit_delay', 10],
      [0.5, 'exit_delay', 10],
      [1, 'exit_delay', 9],
      [9, 'exit_delay', 1],
      [9.999, 'exit_delay', 1],
      [10, 'arming_away', 0],
      [10.5, 'arming_away', 0],
      [11, 'armed_away', 0],
      [60, 'armed_away', 0],
    ]);
  });

  it('should go entry delay, in alarm for the mode trigger duration, then back to armed', () => {
    const armed: AlarmState = { armmode: 'armed_away', armstate: 'armed_away', deadline: null };
    const entry = trigger(armed, timings, 'AS', T0);
    expect(entry).toEqual({ armmode: 'armed_away', armstate: 'entry_delay', deadline: T0 + 5000 });
    expect(walk(entry, [4, 5, 34.9, 35])).toEqual([
      [4, 'entry_delay', 1],
      [5, 'in_alarm', 0],
      [34.9, 'in_alarm', 0],
      [35, 'armed_away', 0],
    ]);
  });

  it('should use each mode its own trigger duration (deCONZ uses the exit delay for stay and night)', () => {
    const stay = requestMode(INITIAL_STATE, timings, 'armed_stay', T0);
    expect(stay).toEqual({ armmode: 'armed_stay', armstate: 'armed_stay', deadline: null });
    expect(trigger(stay, timings, 'S', T0)).toEqual({ armmode: 'armed_stay', armstate: 'in_alarm', deadline: T0 + 7000 });
  });

  it('should ignore devices outside the armed mode, and every device while not armed', () => {
    const armed: AlarmState = { armmode: 'armed_away', armstate: 'armed_away', deadline: null };
    expect(trigger(armed, timings, 'SN', T0)).toBe(armed);
    const exiting = requestMode(INITIAL_STATE, timings, 'armed_away', T0);
    expect(trigger(exiting, timings, 'A', T0)).toBe(exiting);
    expect(trigger(INITIAL_STATE, timings, 'ASN', T0)).toBe(INITIAL_STATE);
  });

  it('should disarm at any point and skip the entry delay for an emergency', () => {
    const inAlarm = trigger({ armmode: 'armed_away', armstate: 'armed_away', deadline: null }, timings, 'A', T0, true);
    expect(inAlarm.armstate).toBe('in_alarm');
    expect(requestMode(inAlarm, timings, 'disarmed', T0 + 1000)).toEqual({ armmode: 'disarmed', armstate: 'disarmed', deadline: null });
    expect(requestMode(INITIAL_STATE, timings, 'disarmed', T0)).toBe(INITIAL_STATE);
  });

  it('should land in the right phase after a long gap (a restart), chaining deadlines', () => {
    const entry = trigger({ armmode: 'armed_away', armstate: 'armed_away', deadline: null }, timings, 'A', T0);
    expect(advance(entry, timings, T0 + 20_000)).toEqual({ armmode: 'armed_away', armstate: 'in_alarm', deadline: T0 + 35_000 });
    expect(advance(requestMode(INITIAL_STATE, timings, 'armed_away', T0), timings, T0 + 3_600_000)).toEqual({
      armmode: 'armed_away',
      armstate: 'armed_away',
      deadline: null,
    });
  });

  it('should normalise armmasks to A, S, N order and refuse others', () => {
    expect(normaliseArmmask('NA')).toBe('AN');
    expect(normaliseArmmask('SNA')).toBe('ASN');
    for (const bad of ['', 'X', 'AA', 'ASNA', 'a']) expect(normaliseArmmask(bad)).toBeUndefined();
  });
});

describe('alarm PIN lock-out', () => {
  it('should lock after five wrong PINs within a minute and grow the next lock-out', () => {
    let guard = OPEN_GUARD;
    for (let i = 0; i < 4; i++) guard = recordFailure(guard, T0 + i * 1000).guard;
    expect(lockedUntil(guard, T0 + 4000)).toBe(0);
    const fifth = recordFailure(guard, T0 + 4000);
    expect(fifth.lockoutMs).toBe(FIRST_LOCKOUT_MS);
    expect(lockedUntil(fifth.guard, T0 + 5000)).toBe(T0 + 4000 + FIRST_LOCKOUT_MS);
    guard = fifth.guard;
    let last: FailureOutcome = { guard };
    for (let i = 0; i < 5; i++) last = recordFailure(last.guard, T0 + 70_000 + i);
    expect(last.lockoutMs).toBe(2 * FIRST_LOCKOUT_MS);
  });

  it('should forget failures older than the window', () => {
    let guard = OPEN_GUARD;
    for (let i = 0; i < 4; i++) guard = recordFailure(guard, T0 + i * 20_000).guard;
    expect(recordFailure(guard, T0 + 80_000).lockoutMs).toBeUndefined();
  });
});

describe('alarm triggers', () => {
  it('should trigger on items going true, every button press and keypad emergencies only', () => {
    expect(decideTrigger('state/open', true, false)).toBe('trigger');
    expect(decideTrigger('state/open', true, true)).toBe('none');
    expect(decideTrigger('state/open', false, true)).toBe('none');
    expect(decideTrigger('state/buttonevent', 1002, 1002)).toBe('trigger');
    expect(decideTrigger('state/action', 'panic', 'panic')).toBe('immediate');
    expect(decideTrigger('state/action', 'armed_away', undefined)).toBe('none');
  });
});
