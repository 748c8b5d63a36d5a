import type { SubdeviceType } from '../mqtt/schemas/device';
import { readBound, readKeyOf, type BoundItem } from './bindings';
import type { ItemRule } from './item-rules';

/** The item rule of a bound row: present where a key is exposed, read through the sub-device's binding. */
export const boundRule = (type: SubdeviceType, row: BoundItem): ItemRule => ({
  item: row.item,
  section: row.section,
  types: [type],
  exposes: row.keys.map((map) => map.key),
  read: (get, ctx) => (ctx.binding ? readBound(ctx.binding, get(readKeyOf(ctx.binding.map))) : undefined),
});
