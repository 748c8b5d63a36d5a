import { addedEvent, changedEvents, deletedEvent, groupStateEvent, type EventHub } from '../../events';
import { attrOf, type GroupChange, type GroupsModel } from './groups-model';

export interface GroupEventDeps {
  groups: GroupsModel;
  events: EventHub;
  /** The full group object for `added` events. */
  view: (change: GroupChange) => Record<string, unknown>;
}

/** Group changes -> deCONZ events: `all_on`/`any_on`, flat attribute changes, added/deleted. */
export function publishGroupEvents(deps: GroupEventDeps): () => void {
  return deps.groups.onChange((change) => {
    const { record, state } = change.entry;
    // The All group travels with its real address, as `GET /groups/0` reports it.
    const id = record.id;
    switch (change.kind) {
      case 'added':
        return deps.events.publish(addedEvent({ r: 'groups', id, resource: deps.view(change) }));
      case 'deleted':
        return deps.events.publish(deletedEvent({ r: 'groups', id }));
      case 'state':
        return deps.events.publish(groupStateEvent({ id, ...state }));
      case 'attr':
        for (const event of changedEvents({ r: 'groups', id, before: { attr: change.before }, after: { attr: attrOf(record) }, notifyAll: false })) {
          deps.events.publish(event);
        }
    }
  });
}
