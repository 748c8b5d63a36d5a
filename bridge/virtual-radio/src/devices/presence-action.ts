/**
 * The `presence` action: someone moves in front of an Aqara presence sensor (FP1). It announces,
 * unasked, the event it saw on Lumi's cluster (0 enter, 1 leave, 2 left_enter, 3 right_leave,
 * 4 right_enter, 5 left_leave, 6 approach, 7 away), then whether anyone is present.
 */
import type { Action } from './action';
import type { DeviceHost } from './device-host';

const EVENTS = ['enter', 'leave', 'left_enter', 'right_leave', 'right_enter', 'left_leave', 'approach', 'away'] as const;
/** Events that mean someone is there (1) or gone (0); approach and away change nothing. */
const PRESENT: Readonly<Record<string, number>> = { enter: 1, left_enter: 1, right_enter: 1, leave: 0, left_leave: 0, right_leave: 0 };

export function presenceAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, 'manuSpecificLumi', 'presenceEvent') !== undefined)?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'presence',
    description: 'someone moves in front of the sensor ({event})',
    params: { event: EVENTS.join('|') },
    run: (h, params) => {
      const event = String(params.event ?? 'enter');
      const code = EVENTS.indexOf(event as (typeof EVENTS)[number]);
      if (code < 0) return { ok: false, error: `unknown event "${event}" (use ${EVENTS.join(', ')})` };
      h.announce(ep, 'manuSpecificLumi', 'presenceEvent', code);
      if (PRESENT[event] !== undefined) h.announce(ep, 'manuSpecificLumi', 'presence', PRESENT[event]);
      return { ok: true, detail: { event, presence: h.get(ep, 'manuSpecificLumi', 'presence') } };
    },
  };
}
