import { stringifySorted } from './sorted-json';
import type { DeconzEvent } from './types';

/**
 * What deCONZ itself pushes (deconz-rest-plugin's handleLightEvent, handleSensorEvent,
 * handleGroupEvent, the alarm system's event handler and the scene-called notice): the resource
 * kinds, the event kinds each has, and the top-level keys each (r, e) pair carries. pydeconz turns
 * `r` and `e` into enums and fails on any other value, so whatever herdgate adds beyond this table
 * (device, network map, touchlink and config events; a group's member list; an alarm lock-out) goes
 * only to clients that ask for herdgate's extensions (`?events=all`, see `wantsExtensions`).
 */
const ENVELOPE = ['t', 'e', 'r', 'id'];
const LIGHT_OR_SENSOR = ['uniqueid', 'state', 'config', 'attr', 'capabilities', 'name'];

type Kinds = Readonly<Partial<Record<DeconzEvent['e'], readonly string[]>>>;

export const DECONZ_EVENTS: Readonly<Record<string, Kinds>> = {
  lights: { added: [...ENVELOPE, 'uniqueid', 'light'], changed: [...ENVELOPE, ...LIGHT_OR_SENSOR], deleted: [...ENVELOPE, 'uniqueid'] },
  sensors: { added: [...ENVELOPE, 'uniqueid', 'sensor'], changed: [...ENVELOPE, ...LIGHT_OR_SENSOR], deleted: [...ENVELOPE, 'uniqueid'] },
  // A group's attribute changes travel flat; deCONZ's groups have these attribute items only.
  groups: { added: [...ENVELOPE, 'group'], changed: [...ENVELOPE, 'state', 'name', 'type', 'class', 'uniqueid'], deleted: ENVELOPE },
  alarmsystems: { added: [...ENVELOPE, 'alarmsystem'], changed: [...ENVELOPE, 'state', 'config', 'attr', 'name'] },
  scenes: { 'scene-called': ['t', 'e', 'r', 'gid', 'scid'] },
};

/** The keys a deCONZ client may meet in an event of this kind; undefined for a kind deCONZ never sends. */
export function deconzKeys(r: string, e: string): readonly string[] | undefined {
  return Object.hasOwn(DECONZ_EVENTS, r) ? DECONZ_EVENTS[r]![e as DeconzEvent['e']] : undefined;
}

/**
 * The event as a deCONZ client may see it: itself when deCONZ could have sent it, without the keys
 * deCONZ never puts there when some of its content remains, undefined when nothing would.
 */
export function deconzView(event: DeconzEvent): DeconzEvent | undefined {
  const keys = deconzKeys(event.r, event.e);
  if (!keys) return undefined;
  const present = Object.keys(event).filter((key) => event[key] !== undefined);
  if (present.every((key) => keys.includes(key))) return event;
  const kept = present.filter((key) => keys.includes(key));
  if (!kept.some((key) => !['t', 'e', 'r', 'id', 'uniqueid'].includes(key))) return undefined;
  return Object.fromEntries(kept.map((key) => [key, event[key]])) as DeconzEvent;
}

/** What each kind of client gets for one event: `deconz` is undefined when such clients get nothing. */
export interface EventMessages {
  all: string;
  deconz: string | undefined;
}

/** Serialises the deCONZ view only when it differs from the event (the common case reuses `message`). */
export function eventMessages(message: string, event: DeconzEvent): EventMessages {
  const view = deconzView(event);
  return { all: message, deconz: view === event ? message : view && stringifySorted(view) };
}

/** The WebSocket query parameter a client opts into herdgate's own events with: `?events=all`. */
export const EXTENSIONS_PARAM = 'events';
export const EXTENSIONS_VALUE = 'all';

/** Did the upgrade request (its target, e.g. `/?events=all`) ask for herdgate's own events? */
export function wantsExtensions(url: string): boolean {
  return new URL(url, 'http://gateway').searchParams.get(EXTENSIONS_PARAM) === EXTENSIONS_VALUE;
}
