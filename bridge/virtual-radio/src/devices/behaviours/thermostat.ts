/**
 * hvacThermostat server (ZCL 6.3): setpoints, system mode and running state; the room temperature
 * drifts toward the heating setpoint while heating (toward the cooling one while cooling, toward
 * the ambient temperature when switched off) at the catalogue's rate.
 */
import type { Behaviour, BehaviourHost } from '../behaviour';
import { hostFlagsWritten } from './host-flags';
import { weeklySchedule } from './weekly-schedule';
import { floorRegulated, floorRelay, floorTooWarm, floorWritten } from './floor-heating';
import { regulatedTemperature, valveWritten, windowHoldsHeating } from './valve';

const T = 'hvacThermostat';
const Mode = { off: 0, auto: 1, cool: 3, heat: 4, emergencyHeating: 5 } as const;
const Running = { idle: 0, heat: 0x0001, cool: 0x0002 } as const;
const AMBIENT = 1800; // °C × 100 the room settles at with nothing running
const TICK_MS = 1000;

/** Chooses what the thermostat runs from mode, room temperature and setpoints. */
export function updateRunningState(host: BehaviourHost, ep: number): number {
  const mode = host.num(ep, T, 'systemMode');
  const temp = floorRegulated(host, ep) ?? regulatedTemperature(host, ep);
  const heatSp = host.num(ep, T, 'occupiedHeatingSetpoint');
  const coolSp = host.num(ep, T, 'occupiedCoolingSetpoint');
  const held = windowHoldsHeating(host, ep) || floorTooWarm(host, ep);
  const heats = !held && (mode === Mode.heat || mode === Mode.auto || mode === Mode.emergencyHeating) && temp < heatSp;
  const cools = !held && (mode === Mode.cool || mode === Mode.auto) && temp > coolSp;
  const state = heats ? Running.heat : cools ? Running.cool : Running.idle;
  host.set(ep, T, 'runningState', state);
  host.set(ep, T, 'pIHeatingDemand', heats ? 100 : 0);
  if (host.get(ep, T, 'danfossHeatRequired') !== undefined) host.set(ep, T, 'danfossHeatRequired', heats ? 1 : 0);
  floorRelay(host, ep, heats);
  return state;
}

function drift(host: BehaviourHost, ep: number, exact: { value: number }): void {
  const shown = host.num(ep, T, 'localTemp');
  if (Math.round(exact.value) !== shown) exact.value = shown; // someone set the room temperature
  const state = updateRunningState(host, ep);
  // Idle in an active mode the room holds at the setpoint it reached; switched off it returns to ambient.
  const idleTarget = host.num(ep, T, 'systemMode') === Mode.off ? AMBIENT : exact.value;
  const target =
    state === Running.heat ? host.num(ep, T, 'occupiedHeatingSetpoint') : state === Running.cool ? host.num(ep, T, 'occupiedCoolingSetpoint') : idleTarget;
  const stepPerTick = (host.config.thermostatDriftPerMinute * 100 * TICK_MS) / 60_000;
  const delta = target - exact.value;
  exact.value += Math.sign(delta) * Math.min(Math.abs(delta), stepPerTick);
  host.set(ep, T, 'localTemp', Math.round(exact.value));
}

export const thermostat: Behaviour = {
  defaults: {
    localTemp: 2000,
    occupancy: 1,
    absMinHeatSetpointLimit: 700,
    absMaxHeatSetpointLimit: 3000,
    absMinCoolSetpointLimit: 1600,
    absMaxCoolSetpointLimit: 3200,
    pIHeatingDemand: 0,
    localTemperatureCalibration: 0,
    occupiedCoolingSetpoint: 2600,
    occupiedHeatingSetpoint: 2000,
    unoccupiedCoolingSetpoint: 2800,
    unoccupiedHeatingSetpoint: 1600,
    minHeatSetpointLimit: 700,
    maxHeatSetpointLimit: 3000,
    minCoolSetpointLimit: 1600,
    maxCoolSetpointLimit: 3200,
    remoteSensing: 0,
    ctrlSeqeOfOper: 4,
    systemMode: Mode.heat,
    runningMode: 0,
    tempSetpointHold: 0,
    runningState: 0,
  },
  commands: {
    setpointRaiseLower: (host, { endpoint, args }) => {
      const mode = Number(args.mode);
      const delta = Number(args.amount) * 10; // amount is in 0.1 °C, setpoints in 0.01 °C
      if (mode === 0 || mode === 2) host.set(endpoint, T, 'occupiedHeatingSetpoint', host.num(endpoint, T, 'occupiedHeatingSetpoint') + delta);
      if (mode === 1 || mode === 2) host.set(endpoint, T, 'occupiedCoolingSetpoint', host.num(endpoint, T, 'occupiedCoolingSetpoint') + delta);
      updateRunningState(host, endpoint);
      return { status: 0 };
    },
    ...weeklySchedule,
    // The valve's own way to take a new setpoint (what its dial does), in 0.01 °C.
    danfossSetpointCommand: (host, { endpoint, args }) => {
      const setpoint = Number(args.setpoint);
      const min = host.num(endpoint, T, 'minHeatSetpointLimit');
      const max = host.num(endpoint, T, 'maxHeatSetpointLimit');
      if (setpoint < min || setpoint > max) return { status: 0x87 }; // INVALID_VALUE
      host.set(endpoint, T, 'occupiedHeatingSetpoint', setpoint);
      if (host.get(endpoint, T, 'setpointChangeSource') !== undefined) host.set(endpoint, T, 'setpointChangeSource', 2);
      updateRunningState(host, endpoint);
      return { status: 0 };
    },
  },
  written: (host, endpoint, attr, value) => {
    valveWritten(host, endpoint, attr, value);
    floorWritten(host, endpoint, attr, value);
    hostFlagsWritten(host, endpoint, attr, value);
    updateRunningState(host, endpoint);
  },
  applyScene: (host, endpoint, values) => {
    for (const attr of ['occupiedCoolingSetpoint', 'occupiedHeatingSetpoint', 'systemMode']) {
      if (values[attr] !== undefined) host.set(endpoint, T, attr, values[attr]);
    }
    updateRunningState(host, endpoint);
  },
  start: (host, endpoint) => {
    const exact = { value: host.num(endpoint, T, 'localTemp') };
    host.timers.every(`thermostat:${endpoint}`, () => drift(host, endpoint, exact), TICK_MS);
  },
};
