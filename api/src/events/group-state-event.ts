import type { DeconzEvent } from './types';

export interface GroupStateInput {
  id: string;
  all_on: boolean;
  any_on: boolean;
}

/** `{"e":"changed","id":"4","r":"groups","state":{"all_on":…,"any_on":…},"t":"event"}` (spec rule 2). */
export function groupStateEvent(input: GroupStateInput): DeconzEvent {
  return {
    t: 'event',
    e: 'changed',
    r: 'groups',
    id: input.id,
    state: { all_on: input.all_on, any_on: input.any_on },
  };
}
