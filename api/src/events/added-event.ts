import { RESOURCE_RULES, envelopeOf, type ResourceRef } from './resource-rules';
import type { DeconzEvent } from './types';

export type AddedEventInput = Exclude<ResourceRef, { r: 'scenes' }> & {
  /** The full resource as `GET /<r>/<id>` would answer it. */
  resource: Readonly<Record<string, unknown>>;
};

/**
 * `{"e":"added", "light"|"sensor"|"group"|"alarmsystem": {…}}`. We emit it for every new
 * resource, REST-created groups and CLIP sensors included, where deCONZ stays silent (an
 * improvement the spec asks for; clients simply learn about the resource earlier).
 */
export function addedEvent(input: AddedEventInput): DeconzEvent {
  const key = RESOURCE_RULES[input.r].addedKey as string;
  return { t: 'event', e: 'added', ...envelopeOf(input), [key]: input.resource };
}
