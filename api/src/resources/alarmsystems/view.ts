import type { DeconzEvent } from '../../events';
import { DELAY_FIELDS, secondsRemaining, type ArmState } from './machine';
import type { AlarmDevice, AlarmSystemRecord } from './repository';

/** The public shape of an alarm system (gateway-rest-api.md "Alarm system"); never the PIN. */
export interface AlarmSystemView {
  name: string;
  config: Record<string, unknown>;
  state: { armstate: ArmState; seconds_remaining: number };
  devices: Record<string, { armmask: string; trigger?: string }>;
}

export function configView(record: AlarmSystemRecord): Record<string, unknown> {
  const config: Record<string, unknown> = { armmode: record.state.armmode, configured: record.pin !== null };
  for (const field of DELAY_FIELDS) config[field] = record.timings[field];
  return config;
}

export function stateView(record: AlarmSystemRecord, now: number): AlarmSystemView['state'] {
  return { armstate: record.state.armstate, seconds_remaining: secondsRemaining(record.state, now) };
}

export function systemView(record: AlarmSystemRecord, members: readonly AlarmDevice[], now: number): AlarmSystemView {
  const devices: AlarmSystemView['devices'] = {};
  for (const device of members) devices[device.uniqueid] = device.trigger ? { armmask: device.armmask, trigger: device.trigger } : { armmask: device.armmask };
  return { name: record.name, config: configView(record), state: stateView(record, now), devices };
}

const event = (id: string, body: Partial<DeconzEvent>): DeconzEvent => ({ t: 'event', e: 'changed', r: 'alarmsystems', id, ...body });

/** `{"e":"changed","r":"alarmsystems","state":{"armstate","seconds_remaining"}}` as deCONZ sends it. */
export const stateEvent = (record: AlarmSystemRecord, now: number) => event(record.id, { state: stateView(record, now) });
/** Config events carry every public config item. */
export const configEvent = (record: AlarmSystemRecord) => event(record.id, { config: configView(record) });
/** deCONZ sends `attr: {id, name}`; pydeconz reads a top-level `name`, so both are there. */
export const nameEvent = (record: AlarmSystemRecord) => event(record.id, { attr: { id: record.id, name: record.name }, name: record.name });
/** herdgate's own: PIN attempts are locked out until `until` (deCONZ has no lock-out). */
export const lockoutEvent = (id: string, until: string, seconds: number) => event(id, { lockout: { seconds, until } });
