import type { EventResource } from './types';

/**
 * What the deCONZ envelope looks like per resource kind (deconz-behavior.md §4), as data rather than
 * branches in the builders: which kinds carry `uniqueid`, which key holds the full object in an
 * `added` event, and whether attribute changes travel flat at the top level (groups) or under `attr`.
 */
export interface ResourceRule {
  uniqueid: boolean;
  addedKey?: string;
  attrAtTopLevel: boolean;
}

export const RESOURCE_RULES: Readonly<Record<EventResource, ResourceRule>> = {
  lights: { uniqueid: true, addedKey: 'light', attrAtTopLevel: false },
  sensors: { uniqueid: true, addedKey: 'sensor', attrAtTopLevel: false },
  groups: { uniqueid: false, addedKey: 'group', attrAtTopLevel: true },
  alarmsystems: { uniqueid: false, addedKey: 'alarmsystem', attrAtTopLevel: false },
  scenes: { uniqueid: false, attrAtTopLevel: false },
  /** herdgate's touchlink progress (`state.scanstate`…); deCONZ sends none. */
  touchlink: { uniqueid: false, attrAtTopLevel: false },
  /** herdgate's gateway events (settings changed, network operation progress); deCONZ sends none. */
  config: { uniqueid: false, attrAtTopLevel: false },
  /** Not in deCONZ: herdgate's device events (id and uniqueid are the MAC). */
  devices: { uniqueid: true, addedKey: 'device', attrAtTopLevel: false },
  /** Not in deCONZ: herdgate's network map scan progress (`state.scanstate`, `done`, `total`…). */
  networkmap: { uniqueid: false, attrAtTopLevel: false },
};

/** Items deCONZ pushes on every write even when the value repeats (a second identical press). */
export const PUSH_ALWAYS: ReadonlySet<string> = new Set(['state/buttonevent', 'state/rotaryevent']);

/** Envelope keys a flattened attribute must never overwrite. */
export const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['t', 'e', 'r', 'id', 'uniqueid']);

/**
 * A resource reference as the envelope needs it: lights and sensors always carry their uniqueid,
 * the other kinds never do, so a caller cannot get that wrong.
 */
export type ResourceRef =
  | { r: 'lights' | 'sensors' | 'devices'; id: string; uniqueid: string }
  | { r: 'groups' | 'alarmsystems' | 'scenes'; id: string; uniqueid?: undefined };

export function envelopeOf(ref: ResourceRef): { r: EventResource; id: string; uniqueid?: string } {
  return RESOURCE_RULES[ref.r].uniqueid ? { r: ref.r, id: ref.id, uniqueid: ref.uniqueid } : { r: ref.r, id: ref.id };
}
