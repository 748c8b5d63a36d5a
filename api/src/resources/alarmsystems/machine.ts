/**
 * The alarm state machine (gateway-rest-api.md "Alarm system armstate", deconz-behavior.md §9),
 * pure: every function takes the time and returns the next state. Phases that run out carry an
 * absolute deadline, chained from the previous deadline rather than from "now", so a gateway that
 * was down (or a timer that fired late) lands in exactly the phase the clock says.
 *
 * Unlike deCONZ, every mode uses its own trigger duration, and `not_ready` is never reported.
 */

export const ARM_MODES = ['disarmed', 'armed_away', 'armed_stay', 'armed_night'] as const;
export type ArmMode = (typeof ARM_MODES)[number];
export type ArmedMode = Exclude<ArmMode, 'disarmed'>;

export type ArmState = ArmMode | 'exit_delay' | 'entry_delay' | 'in_alarm' | 'arming_away' | 'arming_stay' | 'arming_night';

export const DELAY_FIELDS = [
  'disarmed_entry_delay',
  'disarmed_exit_delay',
  'armed_away_entry_delay',
  'armed_away_exit_delay',
  'armed_away_trigger_duration',
  'armed_stay_entry_delay',
  'armed_stay_exit_delay',
  'armed_stay_trigger_duration',
  'armed_night_entry_delay',
  'armed_night_exit_delay',
  'armed_night_trigger_duration',
] as const;
export type DelayField = (typeof DELAY_FIELDS)[number];
/** Seconds 0-255 per field. */
export type AlarmTimings = Record<DelayField, number>;

export const DEFAULT_TIMINGS: AlarmTimings = {
  disarmed_entry_delay: 0,
  disarmed_exit_delay: 0,
  armed_away_entry_delay: 120,
  armed_away_exit_delay: 120,
  armed_away_trigger_duration: 120,
  armed_stay_entry_delay: 120,
  armed_stay_exit_delay: 120,
  armed_stay_trigger_duration: 120,
  armed_night_entry_delay: 120,
  armed_night_exit_delay: 120,
  armed_night_trigger_duration: 120,
};

export interface AlarmState {
  /** The target mode (`config.armmode`). */
  armmode: ArmMode;
  armstate: ArmState;
  /** Epoch ms the current timed phase ends; null in a resting state. */
  deadline: number | null;
}

export const INITIAL_STATE: AlarmState = { armmode: 'disarmed', armstate: 'disarmed', deadline: null };

/** How long `arming_<mode>` is shown between the exit delay and `armed_<mode>` (deCONZ: one tick). */
export const ARMING_MS = 1000;

const MASK_LETTER: Record<ArmedMode, string> = { armed_away: 'A', armed_stay: 'S', armed_night: 'N' };
const ARMING: Record<ArmedMode, ArmState> = { armed_away: 'arming_away', armed_stay: 'arming_stay', armed_night: 'arming_night' };

const seconds = (value: number) => value * 1000;
const isArmed = (mode: ArmMode): mode is ArmedMode => mode !== 'disarmed';

/** Ask for a mode (REST, keypad or rule, after the PIN check). The same target again changes nothing. */
export function requestMode(state: AlarmState, timings: AlarmTimings, mode: ArmMode, now: number): AlarmState {
  if (mode === state.armmode) return state;
  const exit = timings[`${mode}_exit_delay`];
  if (exit === 0) return { armmode: mode, armstate: mode, deadline: null };
  return { armmode: mode, armstate: 'exit_delay', deadline: now + seconds(exit) };
}

/** Whether a device with this armmask guards the mode the system is armed in now. */
export function guards(state: AlarmState, armmask: string): boolean {
  return isArmed(state.armmode) && state.armstate === state.armmode && armmask.includes(MASK_LETTER[state.armmode]);
}

/**
 * A member's trigger item went true. Only an armed system whose mode the device guards reacts;
 * `immediate` (panic, emergency, fire) skips the entry delay.
 */
export function trigger(state: AlarmState, timings: AlarmTimings, armmask: string, now: number, immediate = false): AlarmState {
  if (!guards(state, armmask) || !isArmed(state.armmode)) return state;
  const entry = immediate ? 0 : timings[`${state.armmode}_entry_delay`];
  if (entry > 0) return { ...state, armstate: 'entry_delay', deadline: now + seconds(entry) };
  return { ...state, armstate: 'in_alarm', deadline: now + seconds(timings[`${state.armmode}_trigger_duration`]) };
}

/** The phase after a timed one ran out at `at`. */
function next(state: AlarmState, timings: AlarmTimings, at: number): AlarmState {
  const mode = state.armmode;
  switch (state.armstate) {
    case 'exit_delay':
      return isArmed(mode) ? { armmode: mode, armstate: ARMING[mode], deadline: at + ARMING_MS } : { armmode: mode, armstate: mode, deadline: null };
    case 'entry_delay':
      return isArmed(mode)
        ? { armmode: mode, armstate: 'in_alarm', deadline: at + seconds(timings[`${mode}_trigger_duration`]) }
        : { ...state, deadline: null };
    default:
      // arming_<mode> and in_alarm both end in the armed state of the target mode.
      return { armmode: mode, armstate: mode, deadline: null };
  }
}

/** Run every phase whose deadline has passed by `now`. */
export function advance(state: AlarmState, timings: AlarmTimings, now: number): AlarmState {
  let current = state;
  // Bounded: each step either clears the deadline or moves it strictly forward.
  for (let step = 0; step < 8 && current.deadline !== null && current.deadline <= now; step++) {
    current = next(current, timings, current.deadline);
  }
  return current;
}

/** `seconds_remaining`: the countdown of the exit and entry delays, 0 otherwise. */
export function secondsRemaining(state: AlarmState, now: number): number {
  if (state.deadline === null || (state.armstate !== 'exit_delay' && state.armstate !== 'entry_delay')) return 0;
  return Math.min(255, Math.max(0, Math.ceil((state.deadline - now) / 1000)));
}

/** Normalise a client armmask to deCONZ's output order (A, S, N); undefined when invalid. */
export function normaliseArmmask(mask: string): string | undefined {
  if (mask.length === 0 || mask.length > 3 || !/^[ASN]+$/.test(mask) || new Set(mask).size !== mask.length) return undefined;
  return ['A', 'S', 'N'].filter((letter) => mask.includes(letter)).join('');
}
