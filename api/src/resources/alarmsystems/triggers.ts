/**
 * Alarm triggers from real device items: a member sensor's trigger item (`state/open`,
 * `state/presence`, `state/vibration` going true, any `state/buttonevent`, a keypad's
 * emergency/fire/panic `state/action`) and a member light's `state/on` going true.
 */
import type { LightChange } from '../lights/types';
import type { SensorChange, SensorsReader } from '../sensors';
import type { AlarmSystemsModel } from './model';

/** Keypad actions that raise the alarm at once, without an entry delay. */
const EMERGENCIES = new Set(['emergency', 'fire', 'panic']);

export type TriggerDecision = 'none' | 'trigger' | 'immediate';

/** Pure: what one written item of a member means for its alarm system. */
export function decideTrigger(item: string, value: unknown, previous: unknown): TriggerDecision {
  if (item === 'state/buttonevent') return value === undefined ? 'none' : 'trigger';
  if (item === 'state/action') return typeof value === 'string' && EMERGENCIES.has(value) ? 'immediate' : 'none';
  return value === true && previous !== true ? 'trigger' : 'none';
}

export interface TriggerDeps {
  model: AlarmSystemsModel;
  sensors: SensorsReader;
  /** The lights model's change feed. */
  onLightChange: (listener: (change: LightChange) => void) => () => void;
  onError: (err: unknown) => void;
}

export function followTriggers(deps: TriggerDeps): () => void {
  const fire = (uniqueid: string, decision: TriggerDecision) => {
    if (decision === 'none') return;
    deps.model.trigger(uniqueid, decision === 'immediate').catch(deps.onError);
  };

  const onSensor = (change: SensorChange) => {
    const after = change.after;
    const member = after && deps.model.member(after.uniqueid);
    if (!after || !member?.trigger) return;
    const name = member.trigger.slice('state/'.length);
    const value = after.state[name];
    const previous = change.before?.state[name];
    // Device reports list only presses as written; a changed value counts as well.
    if (!change.written.includes(member.trigger) && value === previous) return;
    fire(after.uniqueid, decideTrigger(member.trigger, value, previous));
  };

  const onLight = (change: LightChange) => {
    if (change.kind !== 'state') return;
    const uniqueid = change.entry.row.uniqueid;
    if (deps.model.member(uniqueid)?.trigger !== 'state/on') return;
    fire(uniqueid, decideTrigger('state/on', change.entry.state.on, change.before.on));
  };

  const unsubscribeSensors = deps.sensors.subscribe(onSensor);
  const unsubscribeLights = deps.onLightChange(onLight);
  return () => {
    unsubscribeSensors();
    unsubscribeLights();
  };
}
