import { stringifySorted } from './sorted-json';
import { ENVELOPE_KEYS, PUSH_ALWAYS, RESOURCE_RULES, envelopeOf, type ResourceRef } from './resource-rules';
import type { DeconzEvent } from './types';

type Items = Readonly<Record<string, unknown>>;

/** The event-bearing sub-objects of a resource: `state`, `config`, `attr` (and e.g. `capabilities`). */
export type ResourceView = Readonly<Record<string, Items | undefined>>;

export type ChangedEventsInput = ResourceRef & {
  /** The resource before the update; omitted when nothing was known (every item counts as new). */
  before?: ResourceView;
  after: ResourceView;
  /** `config.websocketnotifyall`: send every item of a changed sub-object, not only changed ones. */
  notifyAll: boolean;
  /**
   * Items this update wrote, as `object/item` paths. Only needed for push-always items such as
   * `state/buttonevent`: a repeated press must be pushed although the value is equal, but a battery
   * report must not re-push the last press, and only the writer knows which of the two happened.
   */
  written?: readonly string[];
};

// deCONZ sends a device's state first; the order only matters for determinism and fixtures.
const OBJECT_ORDER = ['state', 'config', 'attr'];

/** One deCONZ `changed` message per sub-object that changed (deconz-behavior.md §4); none if none. */
export function changedEvents(input: ChangedEventsInput): DeconzEvent[] {
  const events: DeconzEvent[] = [];
  for (const key of objectKeys(input.after)) {
    const event = changedObjectEvent(input, key);
    if (event) events.push(event);
  }
  return events;
}

function objectKeys(view: ResourceView): string[] {
  const present = Object.keys(view).filter((key) => isItems(view[key]));
  const known = OBJECT_ORDER.filter((key) => present.includes(key));
  const others = present.filter((key) => !OBJECT_ORDER.includes(key)).sort();
  return [...known, ...others];
}

function isItems(value: unknown): value is Items {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function changedObjectEvent(input: ChangedEventsInput, key: string): DeconzEvent | undefined {
  const after = input.after[key] as Items;
  const changed = changedItems(key, input.before?.[key], after, input.written ?? []);
  if (changed.length === 0) return undefined;
  const base: DeconzEvent = { t: 'event', e: 'changed', ...envelopeOf(input) };
  if (key !== 'attr') return { ...base, [key]: payloadOf(after, changed, input.notifyAll) };
  return attrEvent(base, after, changed, input.notifyAll);
}

function changedItems(key: string, before: Items | undefined, after: Items, written: readonly string[]): string[] {
  return Object.keys(after).filter((item) => {
    if (after[item] === undefined) return false;
    const path = `${key}/${item}`;
    if (PUSH_ALWAYS.has(path) && written.includes(path)) return true;
    return !before || stringifySorted(before[item]) !== stringifySorted(after[item]);
  });
}

function payloadOf(after: Items, changed: readonly string[], notifyAll: boolean): Items {
  if (notifyAll) return { ...after };
  return Object.fromEntries(changed.map((item) => [item, after[item]]));
}

function attrEvent(base: DeconzEvent, after: Items, changed: readonly string[], notifyAll: boolean): DeconzEvent | undefined {
  if (RESOURCE_RULES[base.r].attrAtTopLevel) {
    // Groups put changed attributes flat beside the envelope (`"name":"Kitchen"`). Only the changed
    // ones: flattening every attribute would bury the change among unrelated top-level keys.
    const flat = changed.filter((item) => !ENVELOPE_KEYS.has(item)).map((item) => [item, after[item]]);
    return flat.length === 0 ? undefined : { ...base, ...Object.fromEntries(flat) };
  }
  // A bare `lastseen` tick travels alone, as deCONZ sends it, so it stays a cheap message.
  const lastseenOnly = changed.length === 1 && changed[0] === 'lastseen';
  const event: DeconzEvent = { ...base, attr: payloadOf(after, changed, notifyAll && !lastseenOnly) };
  // deCONZ sends renames only inside `attr`, but the spec (Events, rule 4) and pydeconz read a
  // top-level `name`; carrying both keeps every client informed.
  if (changed.includes('name')) event.name = after.name as string;
  return event;
}
