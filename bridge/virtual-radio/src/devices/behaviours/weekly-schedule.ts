/**
 * A thermostat's weekly programme (ZCL 6.3.3.3): set, get and clear per day. The device keeps up to
 * ten transitions a day (minutes after midnight, setpoints in 0.01 °C) and refuses setpoints outside
 * its limits. A get is answered with one response per group of days that share their transitions,
 * the first as the answer to the request, the others sent after it as the real devices do.
 */
import type { ThermostatTransition } from '../../zcl/index';
import type { BehaviourHost, CommandHandler } from '../behaviour';

const T = 'hvacThermostat';
const MAX_TRANSITIONS = 10;
const Status = { success: 0x00, invalidField: 0x85, invalidValue: 0x87, notFound: 0x8b } as const;
const HEAT = 0x01;
const COOL = 0x02;
const MINUTES_PER_DAY = 24 * 60;

const daysOf = (bitmap: number) => [0, 1, 2, 3, 4, 5, 6, 7].filter((day) => bitmap & (1 << day));

function valid(host: BehaviourHost, ep: number, transitions: ThermostatTransition[]): boolean {
  const min = host.num(ep, T, 'minHeatSetpointLimit', host.num(ep, T, 'absMinHeatSetpointLimit', 700));
  const max = host.num(ep, T, 'maxHeatSetpointLimit', host.num(ep, T, 'absMaxHeatSetpointLimit', 3000));
  return transitions.every((t) => t.transitionTime < MINUTES_PER_DAY && (t.heatSetpoint === undefined || (t.heatSetpoint >= min && t.heatSetpoint <= max)));
}

const setWeeklySchedule: CommandHandler = (host, { endpoint, args }) => {
  const transitions = (args.transitions ?? []) as ThermostatTransition[];
  const days = daysOf(Number(args.dayofweek));
  if (transitions.length > MAX_TRANSITIONS || transitions.length !== Number(args.numoftrans) || days.length === 0) return { status: Status.invalidField };
  if (!valid(host, endpoint, transitions)) return { status: Status.invalidValue };
  const schedule = (host.memory.schedules[endpoint] ??= {});
  for (const day of days) schedule[day] = structuredClone(transitions);
  host.changed();
  return { status: Status.success };
};

/** Days with identical transitions answered together: dayofweek bitmap → transitions. */
function groups(host: BehaviourHost, ep: number, wanted: number): Array<{ days: number; transitions: ThermostatTransition[] }> {
  const byTransitions = new Map<string, { days: number; transitions: ThermostatTransition[] }>();
  for (const [day, transitions] of Object.entries(host.memory.schedules[ep] ?? {})) {
    if (!(wanted & (1 << Number(day))) || transitions.length === 0) continue;
    const key = JSON.stringify(transitions);
    const group = byTransitions.get(key) ?? { days: 0, transitions };
    group.days |= 1 << Number(day);
    byTransitions.set(key, group);
  }
  return [...byTransitions.values()];
}

const payloadOf = ({ days, transitions }: { days: number; transitions: ThermostatTransition[] }) => ({
  numoftrans: transitions.length,
  dayofweek: days,
  mode: (transitions.some((t) => t.heatSetpoint !== undefined) ? HEAT : 0) | (transitions.some((t) => t.coolSetpoint !== undefined) ? COOL : 0),
  transitions,
});

const getWeeklySchedule: CommandHandler = (host, { endpoint, args }) => {
  const [first, ...rest] = groups(host, endpoint, Number(args.daystoreturn));
  if (!first) return { status: Status.notFound };
  for (const group of rest)
    host.sendCommand(endpoint, T, 'getWeeklyScheduleRsp', payloadOf(group), { direction: 'toClient', to: [{ kind: 'coordinator', endpoint: 1 }] });
  return { response: 'getWeeklyScheduleRsp', payload: payloadOf(first) };
};

const clearWeeklySchedule: CommandHandler = (host, { endpoint }) => {
  delete host.memory.schedules[endpoint];
  host.changed();
  return { status: Status.success };
};

export const weeklySchedule = { setWeeklySchedule, getWeeklySchedule, clearWeeklySchedule };
