import type { DeviceEntry, PolicyRecord, StampedItem } from './types';

/** `2026-10-01T08:12Z` strings compare in time order. */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

function group(items: Map<string, StampedItem> | undefined, prefix: 'state/' | 'config/'): Record<string, StampedItem> {
  const out: Record<string, StampedItem> = {};
  for (const [key, item] of items ?? []) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = item;
  return out;
}

/** The spec's Device object (`GET /devices/<mac>`), from the model's entry. Pure. */
export function deviceView(entry: DeviceEntry, policy: PolicyRecord, ddfHash: string | undefined): Record<string, unknown> {
  const d = entry.description;
  return {
    uniqueid: d.uniqueid,
    name: d.name,
    manufacturername: d.manufacturername,
    modelid: d.modelid,
    ...(d.productid === undefined ? {} : { productid: d.productid }),
    swversion: d.swversion,
    // herdgate addition: what powers the device (`mains`, `battery`, `unknown`), for apps to show.
    powersource: d.powersource,
    lastannounced: d.lastannounced,
    lastseen: later(d.lastseen, entry.activity),
    ddf_policy: policy.policy,
    ...(ddfHash === undefined ? {} : { ddf_hash: ddfHash }),
    subdevices: d.subdevices.map((sub) => ({
      type: sub.type,
      uniqueid: sub.uniqueid,
      state: group(entry.items.get(sub.uniqueid), 'state/'),
      config: group(entry.items.get(sub.uniqueid), 'config/'),
    })),
  };
}
