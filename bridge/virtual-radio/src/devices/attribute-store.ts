/**
 * Attribute values per endpoint and cluster, keyed by the names in the ZCL tables. Every effective
 * change is announced to one listener (the reporting engine and persistence hook hang off it).
 */
import { type AttributeDef, type ClusterDef, type ZclValue, attributeByName, clusterById } from '../zcl/index';

export type AttributeChange = (endpoint: number, cluster: ClusterDef, attr: AttributeDef, value: ZclValue) => void;

export type AttributeSnapshot = Record<string, Record<string, Record<string, ZclValue>>>;

export class AttributeStore {
  /** endpoint → cluster id → attribute name → value */
  private readonly values = new Map<number, Map<number, Map<string, ZclValue>>>();
  onChange: AttributeChange = () => undefined;

  private clusterMap(endpoint: number, clusterId: number): Map<string, ZclValue> {
    let ep = this.values.get(endpoint);
    if (!ep) this.values.set(endpoint, (ep = new Map()));
    let cl = ep.get(clusterId);
    if (!cl) ep.set(clusterId, (cl = new Map()));
    return cl;
  }

  get(endpoint: number, clusterId: number, name: string): ZclValue | undefined {
    return this.values.get(endpoint)?.get(clusterId)?.get(name);
  }

  /** Sets a value; returns whether it changed. `silent` seeds defaults without announcing them. */
  set(endpoint: number, cluster: ClusterDef, name: string, value: ZclValue, silent = false): boolean {
    const attr = attributeByName(cluster, name);
    if (!attr) throw new RangeError(`${cluster.name} has no attribute ${name}`);
    const map = this.clusterMap(endpoint, cluster.id);
    const before = map.get(name);
    if (before !== undefined && sameValue(before, value)) return false;
    map.set(name, value);
    if (!silent) this.onChange(endpoint, cluster, attr, value);
    return true;
  }

  /** Names with a value, for discover-attributes and inspection. */
  names(endpoint: number, clusterId: number): string[] {
    return [...(this.values.get(endpoint)?.get(clusterId)?.keys() ?? [])];
  }

  snapshot(): AttributeSnapshot {
    const out: AttributeSnapshot = {};
    for (const [ep, clusters] of this.values) {
      for (const [clusterId, attrs] of clusters) {
        if (attrs.size === 0) continue;
        const name = clusterById(clusterId)?.name ?? String(clusterId);
        (out[ep] ??= {})[name] = Object.fromEntries(attrs);
      }
    }
    return out;
  }
}

function sameValue(a: ZclValue, b: ZclValue): boolean {
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
