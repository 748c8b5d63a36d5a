import { envelopeOf, type ResourceRef } from './resource-rules';
import type { DeconzEvent } from './types';

/** `{"e":"deleted","id":"3","r":"lights",…}`; lights and sensors also carry their uniqueid. */
export function deletedEvent(ref: ResourceRef): DeconzEvent {
  return { t: 'event', e: 'deleted', ...envelopeOf(ref) };
}
