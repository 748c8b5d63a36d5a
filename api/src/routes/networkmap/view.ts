import type { NetworkMap } from '@herdgate/shared/mqtt';
import type { Services } from '../../context';

const uniqueidPrefix = (ieee: string) => ieee.slice(2).match(/../g)!.join(':');
const byNumber = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

/**
 * The REST shape of the last scan: the bridge's nodes joined with what the api knows about each
 * device (its name and the ids of its lights and sensors). Devices removed since the scan are left
 * out, with their links. Built from memory only.
 */
export function networkMapView(services: Services): Record<string, unknown> {
  const map: NetworkMap | undefined = services.networkMap.last();
  const progress = services.networkMap.progress();
  const state = { scanstate: services.networkMap.scanning() ? 'scanning' : 'idle', ...(progress ? { progress } : {}) };
  if (!map) return { ...state, nodes: [], links: [], scannedat: null };

  const lightsOf = new Map<string, string[]>();
  for (const entry of services.lights.live()) push(lightsOf, entry.row.ieee, entry.row.id);
  const sensorsOf = new Map<string, string[]>();
  for (const [id, sensor] of Object.entries(services.sensors.list())) push(sensorsOf, sensor.uniqueid.slice(0, 23), id);
  const descriptions = services.bridge.devices();
  const coordinator = map.nodes.find((n) => n.type === 'Coordinator')?.ieee;

  const nodes = map.nodes
    .filter((n) => n.ieee === coordinator || descriptions.has(n.ieee))
    .map((n) => ({
      ieee: n.ieee,
      nwk: n.nwk,
      type: n.type,
      name: n.ieee === coordinator ? services.store.settings().name : (descriptions.get(n.ieee)?.name ?? n.ieee),
      lights: (lightsOf.get(n.ieee) ?? []).sort(byNumber),
      sensors: (sensorsOf.get(uniqueidPrefix(n.ieee)) ?? []).sort(byNumber),
      reachable: n.reachable,
      ...(n.error === undefined ? {} : { error: n.error }),
    }));
  const present = new Set(nodes.map((n) => n.ieee));
  const links = map.links.filter((l) => present.has(l.source) && present.has(l.target));
  return { ...state, nodes, links, scannedat: map.scannedat };
}

function push(index: Map<string, string[]>, key: string, id: string): void {
  const list = index.get(key);
  if (list) list.push(id);
  else index.set(key, [id]);
}
