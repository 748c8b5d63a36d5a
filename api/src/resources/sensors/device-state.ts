import { unsetValue, withUnsetItems } from '@herdgate/shared/deconz';
import type { Subdevice } from '@herdgate/shared/mqtt';
import type { Items } from './types';

/** The named items of `items` that are set, in the order of `names`. */
export function pick(items: Items | undefined, names: readonly string[]): Items {
  const out: Items = {};
  for (const name of names) if (items && items[name] !== undefined) out[name] = items[name];
  return out;
}

/** An item not there yet counts as its unset value (a record from before its type had the item). */
const shown = (items: Items, name: string) => JSON.stringify(items[name] === undefined ? unsetValue(name) : items[name]);

/**
 * A sensor's state from its endpoint's state: every item of the sub-device, those not set yet at
 * their unset value (deCONZ shows them from the start). Several sensors can share an endpoint (a
 * TH01's temperature and humidity), and the endpoint's `lastupdated` moves with any of them: a
 * sensor takes it only when one of its own items changed (or a press arrived), so a humidity
 * report neither touches the temperature sensor's `lastupdated` nor pushes an event for it.
 */
export function ownState(sub: Subdevice, current: Items, incoming: Items, press: boolean): Items {
  const own = withUnsetItems(
    sub.state.filter((name) => name !== 'lastupdated'),
    pick(incoming, sub.state),
  );
  delete own.lastupdated;
  const names = new Set([...Object.keys(own), ...Object.keys(current).filter((key) => key !== 'lastupdated')]);
  const changed = [...names].some((name) => shown(own, name) !== shown(current, name));
  const stamp = typeof incoming.lastupdated === 'string' ? incoming.lastupdated : undefined;
  const lastupdated = (changed || press) && stamp !== undefined ? stamp : (current.lastupdated ?? 'none');
  return { ...own, lastupdated };
}
