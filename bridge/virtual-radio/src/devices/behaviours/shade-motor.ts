/**
 * A motor driven through the analog and multistate outputs (Aqara's roller shade driver E1): the
 * position is the analog output's presentValue, 0 closed … 100 open as the converters read it, the
 * motor the multistate output's (0 closing, 1 opening, 2 stopped, 3 blocked). A write of the
 * position starts the motor: it announces closing or opening, travels at the catalogue's
 * `coverSpeed` on the radio's clock and, on arrival or on a write of 2 to its motor, stops and
 * announces where it stands and that it stopped (the converters then read the position). Only on
 * an endpoint that serves both clusters; elsewhere the analog output just holds what is written.
 */
import type { Behaviour, BehaviourHost } from '../behaviour';
import { clamp, drive, stopAnimation } from './animate';

const POSITION = 'genAnalogOutput';
const MOTOR = 'genMultistateOutput';
export const MotorState = { closing: 0, opening: 1, stopped: 2, blocked: 3 } as const;

interface Motor {
  position: number;
  state: number;
}

/** Where each motor really is: a host write stores its target (or any motor value) before `written` runs. */
const motors = new WeakMap<BehaviourHost, Map<number, Motor>>();

function motorOf(host: BehaviourHost, endpoint: number): Motor {
  const byEndpoint = motors.get(host) ?? new Map<number, Motor>();
  motors.set(host, byEndpoint);
  let motor = byEndpoint.get(endpoint);
  if (!motor) {
    motor = { position: host.num(endpoint, POSITION, 'presentValue'), state: MotorState.stopped };
    byEndpoint.set(endpoint, motor);
  }
  return motor;
}

function place(host: BehaviourHost, endpoint: number, position: number): void {
  motorOf(host, endpoint).position = position;
  host.set(endpoint, POSITION, 'presentValue', position);
}

function announceState(host: BehaviourHost, endpoint: number, state: number): void {
  motorOf(host, endpoint).state = state;
  host.announce(endpoint, MOTOR, 'presentValue', state);
}

function halt(host: BehaviourHost, endpoint: number): void {
  stopAnimation(host, endpoint, POSITION, 'motor');
  host.announce(endpoint, POSITION, 'presentValue', motorOf(host, endpoint).position);
  announceState(host, endpoint, MotorState.stopped);
}

function travel(host: BehaviourHost, endpoint: number, target: number): void {
  const from = motorOf(host, endpoint).position;
  // The write stored the target: the shade is still where it was.
  place(host, endpoint, from);
  if (target === from) return halt(host, endpoint);
  const direction = target > from ? 1 : -1;
  announceState(host, endpoint, direction > 0 ? MotorState.opening : MotorState.closing);
  drive(host, endpoint, POSITION, 'motor', (elapsedMs) => {
    const moved = Math.round((host.config.coverSpeed * elapsedMs) / 1000);
    const now = direction > 0 ? Math.min(target, from + moved) : Math.max(target, from - moved);
    place(host, endpoint, now);
    if (now !== target) return true;
    halt(host, endpoint);
    return false;
  });
}

const hasMotor = (host: BehaviourHost, endpoint: number) => host.has(endpoint, POSITION) && host.has(endpoint, MOTOR);

export const analogOutput: Behaviour = {
  defaults: { presentValue: 0, outOfService: 0, statusFlags: 0 },
  start: (host, endpoint) => {
    if (hasMotor(host, endpoint)) motorOf(host, endpoint);
  },
  written: (host, endpoint, attr, value) => {
    if (attr !== 'presentValue' || !hasMotor(host, endpoint)) return;
    travel(host, endpoint, clamp(Math.round(Number(value)), 0, 100));
  },
};

export const multistateOutput: Behaviour = {
  defaults: { numberOfStates: 6, outOfService: 0, presentValue: MotorState.stopped, statusFlags: 0 },
  written: (host, endpoint, attr, value) => {
    if (attr !== 'presentValue' || !hasMotor(host, endpoint)) return;
    if (value === MotorState.stopped) return halt(host, endpoint);
    // Only a stop is a command the motor takes here; the attribute keeps saying what it does.
    host.set(endpoint, MOTOR, 'presentValue', motorOf(host, endpoint).state);
  },
};
