/**
 * What a floor-heating thermostat with a floor probe does beyond the ZCL thermostat (ELKO's vendor
 * attributes; a device without them has none of this): a power switch that is its system mode, a
 * relay that is its running state, and a sensor selection that makes it regulate on the floor probe.
 * Everything keys on which attributes the device has, never on its model.
 */
import type { BehaviourHost } from '../behaviour';

const T = 'hvacThermostat';
/** elkoSensor values: air, floor, or air with the floor probe as an upper limit ("supervisor floor"). */
export const FloorSensor = { air: 0, floor: 1, supervisorFloor: 3 } as const;
const MODE_HEAT = 4;
const MODE_OFF = 0;

const has = (host: BehaviourHost, ep: number, attr: string) => host.get(ep, T, attr) !== undefined;

/** The temperature the thermostat regulates on when its floor probe is selected, else undefined. */
export function floorRegulated(host: BehaviourHost, ep: number): number | undefined {
  if (!has(host, ep, 'elkoSensor') || host.num(ep, T, 'elkoSensor') !== FloorSensor.floor) return undefined;
  return host.num(ep, T, 'elkoExternalTemp');
}

/** True while the floor probe reads above the floor limit in "supervisor floor" mode. */
export function floorTooWarm(host: BehaviourHost, ep: number): boolean {
  if (!has(host, ep, 'elkoSensor') || host.num(ep, T, 'elkoSensor') !== FloorSensor.supervisorFloor) return false;
  return host.num(ep, T, 'elkoExternalTemp') >= host.num(ep, T, 'elkoMaxFloorTemp', 35) * 100;
}

/** The relay follows the running state, where the device reports one. */
export function floorRelay(host: BehaviourHost, ep: number, heats: boolean): void {
  if (has(host, ep, 'elkoRelayState')) host.set(ep, T, 'elkoRelayState', heats ? 1 : 0);
}

/** After a host wrote an attribute: the power switch and the system mode are one setting. */
export function floorWritten(host: BehaviourHost, ep: number, attr: string, value: unknown): void {
  if (!has(host, ep, 'elkoPowerStatus')) return;
  if (attr === 'elkoPowerStatus') host.set(ep, T, 'systemMode', value ? MODE_HEAT : MODE_OFF);
  if (attr === 'systemMode') host.set(ep, T, 'elkoPowerStatus', value === MODE_OFF ? 0 : 1);
}
