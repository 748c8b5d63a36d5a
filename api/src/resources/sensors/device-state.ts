import type { Subdevice } from '@herdgate/shared/mqtt';
import type { Items } from './types';

/** The named items of `items` that are set, in the order of `names`. */
export function pick(items: Items | undefined, names: readonly string[]): Items {
  const out: Items = {};
  for (const name of names) if (items && items[name] !== undefined) out[name] = items[name];
  return out;
}

/**
 * A sensor's state from its endpoint's state. Several sensors can share an endpoint (a TH01's
 * temperature and humidity), and the endpoint's `lastupdated` moves with any of them: a sensor
 * takes it only when one of its own items changed (or a press arrived), so a humidity report
 * neither touches the temperature sensor's `lastupdated` nor pushes an event for it.
 */
export function ownState(sub: Subdevice, current: Items, incoming: Items, press: boolean): Items {
  const own = pick(incoming, sub.state);
  const names = new Set([...Object.keys(own), ...Object.keys(current).filter((key) => key !== 'lastupdated')]);
  const changed = [...names].some((name) => JSON.stringify(own[name]) !== JSON.stringify(current[name]));
  const stamp = typeof incoming.lastupdated === 'string' ? incoming.lastupdated : undefined;
  const lastupdated = (changed || press) && stamp !== undefined ? stamp : current.lastupdated ?? 'none';
  return { ...own, lastupdated };
}
