/**
 * What a radiator valve with window-open detection does beyond the ZCL thermostat (the Danfoss Ally's
 * manufacturer attributes; a device without them has none of this): the detector's state, an
 * external window contact overriding it, mounting mode, and heating that stops while a window is open.
 * Everything keys on which attributes the device has, never on its model.
 */
import type { BehaviourHost } from '../behaviour';

const T = 'hvacThermostat';
/** danfossWindowOpenInternal values (quarantine, closed, hold, open, open by the external input). */
export const WindowState = { quarantine: 0, closed: 1, hold: 2, open: 3, externalOpen: 4 } as const;

const has = (host: BehaviourHost, ep: number, attr: string) => host.get(ep, T, attr) !== undefined;

/** True while the valve holds off heating because a window is open. */
export function windowHoldsHeating(host: BehaviourHost, ep: number): boolean {
  if (!has(host, ep, 'danfossWindowOpenInternal')) return false;
  const state = host.num(ep, T, 'danfossWindowOpenInternal');
  return state === WindowState.open || state === WindowState.externalOpen;
}

/** A room sensor elsewhere: the valve regulates on it while it is set (-8000 = none). */
export function regulatedTemperature(host: BehaviourHost, ep: number): number {
  const external = host.get(ep, T, 'danfossExternalMeasuredRoomSensor');
  return typeof external === 'number' && external !== -8000 ? external : host.num(ep, T, 'localTemp');
}

/** After a host wrote one of the valve's attributes: what the valve does about it. */
export function valveWritten(host: BehaviourHost, ep: number, attr: string, value: unknown): void {
  if (attr === 'danfossWindowOpenExternal' && has(host, ep, 'danfossWindowOpenInternal')) {
    host.set(ep, T, 'danfossWindowOpenInternal', value ? WindowState.externalOpen : WindowState.closed);
  }
  // Mounting mode: the pin retracts so the valve can be fitted; it reports the mode it is in.
  if (attr === 'danfossMountedModeControl' && has(host, ep, 'danfossMountedModeActive')) host.set(ep, T, 'danfossMountedModeActive', value ? 1 : 0);
  if (attr === 'danfossWindowOpenFeatureEnable' && !value && windowHoldsHeating(host, ep) && host.num(ep, T, 'danfossWindowOpenExternal') === 0) {
    host.set(ep, T, 'danfossWindowOpenInternal', WindowState.closed);
  }
}

/** The window-open detector sees the room cool fast (opened) or recover (closed), if it is enabled. */
export function windowSeen(host: BehaviourHost, ep: number, open: boolean): { ok: true; state: number } | { ok: false; error: string } {
  if (!has(host, ep, 'danfossWindowOpenInternal')) return { ok: false, error: 'this thermostat has no window-open detection' };
  if (host.num(ep, T, 'danfossWindowOpenFeatureEnable', 1) === 0) return { ok: false, error: 'window-open detection is switched off' };
  const state = open ? WindowState.open : WindowState.closed;
  host.set(ep, T, 'danfossWindowOpenInternal', state);
  return { ok: true, state };
}
