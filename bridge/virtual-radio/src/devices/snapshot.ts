/**
 * Seeding a fresh device from the catalogue and restoring a persisted one. A snapshot is plain JSON;
 * it is validated on restore so a hand-edited or stale state file fails with a clear message.
 */
import * as v from 'valibot';
import { type ZclValue, attributeByName, resolveCluster } from '../zcl/index';
import * as behaviours from './behaviours/index';
import { AttributeValueSchema } from './catalogue-schema';
import type { DeviceHost } from './device-host';
import type { DeviceSettings } from '../network/types';
import type { MemorySnapshot } from './memory';
import type { ReportingConfig } from './reporting';

const Value = AttributeValueSchema;
const num = v.number();

export const DeviceSnapshotSchema = v.object({
  version: v.literal(1),
  attributes: v.record(v.string(), v.record(v.string(), v.record(v.string(), Value))),
  reporting: v.array(v.object({ endpoint: num, cluster: num, attribute: num, min: num, max: num, change: v.optional(num) })),
  memory: v.object({
    bindings: v.array(
      v.object({
        endpoint: num,
        cluster: num,
        to: v.union([v.object({ kind: v.literal('ieee'), ieee: v.string(), endpoint: num }), v.object({ kind: v.literal('group'), group: num })]),
      }),
    ),
    groups: v.record(v.string(), v.record(v.string(), v.string())),
    scenes: v.array(
      v.object({
        endpoint: num,
        group: num,
        scene: num,
        name: v.optional(v.string()),
        transitionTime: num,
        values: v.record(v.string(), v.record(v.string(), num)),
      }),
    ),
    clientState: v.optional(v.record(v.string(), v.record(v.string(), v.record(v.string(), num)))),
    schedules: v.optional(
      v.record(v.string(), v.record(v.string(), v.array(v.object({ transitionTime: num, heatSetpoint: v.optional(num), coolSetpoint: v.optional(num) })))),
    ),
    datapoints: v.optional(v.record(v.string(), v.union([v.boolean(), num, v.string(), v.array(num)]))),
    mcuClock: v.optional(v.object({ utc: num, local: num, at: num })),
  }),
});

export type DeviceSnapshot = {
  version: 1;
  attributes: Record<string, Record<string, Record<string, ZclValue>>>;
  reporting: ReportingConfig[];
  memory: MemorySnapshot;
};

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** Wires behaviours to the endpoint's clusters and seeds attributes: behaviour defaults, then catalogue values. */
/** The attribute store from the catalogue entry (and the behaviours' defaults), then any `settings` over it. */
export function seed(host: DeviceHost, settings?: DeviceSettings): void {
  const { entry } = host;
  for (const ep of entry.endpoints) {
    const servers = new Map();
    for (const id of ep.inClusters) {
      const cluster = resolveCluster(id);
      const behaviour = cluster && behaviours.servers[cluster.name];
      if (!cluster) continue;
      if (behaviour) servers.set(id, behaviour);
      const values = {
        ...behaviour?.defaults,
        ...(cluster.name === 'genBasic' ? basicValues(host) : {}),
        ...ep.attributes[cluster.name],
        ...settings?.[ep.id]?.[cluster.name],
      };
      for (const [name, value] of Object.entries(values)) if (attributeByName(cluster, name)) host.store.set(ep.id, cluster, name, value, true);
    }
    host.servers.set(ep.id, servers);
    const clients = new Map();
    for (const id of ep.outClusters) {
      const cluster = resolveCluster(id);
      const behaviour = cluster && behaviours.clients[cluster.name];
      if (behaviour) clients.set(id, behaviour);
    }
    host.clients.set(ep.id, clients);
  }
}

function basicValues(host: DeviceHost) {
  return { manufacturerName: host.entry.manufacturerName, modelId: host.entry.modelId, ...host.entry.basic };
}

export function restoreInto(host: DeviceHost, raw: unknown): void {
  const parsed = v.safeParse(DeviceSnapshotSchema, raw);
  if (!parsed.success) {
    const where = parsed.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ');
    throw new SnapshotError(`device ${host.identity.ieee} (${host.identity.model}): bad snapshot: ${where}`);
  }
  const snap = parsed.output;
  for (const [ep, clusters] of Object.entries(snap.attributes)) {
    for (const [clusterName, attrs] of Object.entries(clusters)) {
      const cluster = resolveCluster(clusterName);
      if (!cluster) continue;
      for (const [name, value] of Object.entries(attrs)) if (attributeByName(cluster, name)) host.store.set(Number(ep), cluster, name, value, true);
    }
  }
  for (const config of snap.reporting) {
    const cluster = resolveCluster(config.cluster);
    const attr = cluster?.attributes.find((a) => a.id === config.attribute);
    if (cluster && attr) host.reporting.configure(config as ReportingConfig, cluster, attr);
  }
  host.memory.restore(snap.memory as MemorySnapshot);
}
