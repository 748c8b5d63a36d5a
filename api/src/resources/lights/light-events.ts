import { addedEvent, changedEvents, deletedEvent, type EventHub } from '../../events';
import type { LightsModel } from './lights-model';
import { lightAttr, lightView, shownLightState } from './light-view';
import type { LightChange } from './types';

export interface LightEventDeps {
  lights: LightsModel;
  events: EventHub;
  /** `config.websocketnotifyall`, read at each change. */
  notifyAll: () => boolean;
  /** Ids of the groups a light is in, for the full object of an `added` event. */
  groupsOf: (lightId: string) => string[];
}

/** Light changes -> deCONZ WebSocket events (deconz-behavior §4), one per real change. */
export function publishLightEvents(deps: LightEventDeps): () => void {
  return deps.lights.onChange((change) => {
    for (const event of eventsOf(change, deps)) deps.events.publish(event);
  });
}

function eventsOf(change: LightChange, deps: LightEventDeps) {
  const { entry } = change;
  const ref = { r: 'lights' as const, id: entry.row.id, uniqueid: entry.row.uniqueid };
  switch (change.kind) {
    case 'added':
      return [addedEvent({ ...ref, resource: lightView(entry, deps.groupsOf(entry.row.id)) })];
    case 'deleted':
      return [deletedEvent(ref)];
    case 'state':
      return changedEvents({
        ...ref,
        before: { state: withLegacyXy(shownLightState(change.before)) },
        after: { state: withLegacyXy(shownLightState(entry.state)) },
        notifyAll: deps.notifyAll(),
      });
    case 'attr':
      return changedEvents({ ...ref, before: { attr: change.before }, after: { attr: lightAttr(entry) }, notifyAll: deps.notifyAll() });
  }
}

/**
 * Light state events carry the legacy `x` and `y` (0-65535, the ZCL scale) next to `xy`
 * (gateway-rest-api Events rule 1): older clients read them; they move exactly when `xy` does.
 */
export function withLegacyXy<T extends object>(state: T): T {
  const xy = (state as { xy?: unknown }).xy;
  if (!Array.isArray(xy) || typeof xy[0] !== 'number' || typeof xy[1] !== 'number') return state;
  return { ...state, x: Math.round(xy[0] * 65535), y: Math.round(xy[1] * 65535) };
}
