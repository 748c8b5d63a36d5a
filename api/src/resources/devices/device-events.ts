import { addedEvent, deletedEvent } from '../../events';
import type { DeconzEvent } from '../../events/types';
import type { StampedItem } from './types';

/**
 * Device events on the WebSocket (`r: "devices"`; deCONZ sends none, the spec shows none). `id`
 * and `uniqueid` are the device MAC. See api/README.md for the shapes.
 */
export const deviceAdded = (mac: string, device: Record<string, unknown>): DeconzEvent =>
  addedEvent({ r: 'devices', id: mac, uniqueid: mac, resource: device });

export const deviceDeleted = (mac: string): DeconzEvent => deletedEvent({ r: 'devices', id: mac, uniqueid: mac });

/** Top-level fields that changed (`name`, `lastseen`, `ddf_policy`, `ddf_hash`…). */
export const deviceAttrChanged = (mac: string, attr: Record<string, unknown>): DeconzEvent => ({
  t: 'event',
  e: 'changed',
  r: 'devices',
  id: mac,
  uniqueid: mac,
  attr,
});

/** Items of one sub-device that changed, each `{value, lastupdated}` as in the Device object. */
export function deviceItemsChanged(mac: string, subdevice: string, changed: Array<[string, StampedItem]>): DeconzEvent {
  const state: Record<string, StampedItem> = {};
  const config: Record<string, StampedItem> = {};
  for (const [key, item] of changed) (key.startsWith('state/') ? state : config)[key.slice(key.indexOf('/') + 1)] = item;
  return {
    t: 'event',
    e: 'changed',
    r: 'devices',
    id: mac,
    uniqueid: mac,
    subdevice,
    ...(Object.keys(state).length > 0 ? { state } : {}),
    ...(Object.keys(config).length > 0 ? { config } : {}),
  };
}
