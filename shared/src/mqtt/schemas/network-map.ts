import * as v from 'valibot';
import { ieeeSchema, intRange } from './common';

/**
 * The network map (a herdgate extension): the radio's neighbour tables (ZDO Mgmt_Lqi) read from the
 * coordinator and every router. It is the answer of the `network/map` request, the retained
 * `<base>/bridge/<bridge>/networkmap` topic (the last finished scan), and, while a scan runs, one
 * `<base>/bridge/<bridge>/networkmap/progress` message per node asked.
 */
export const NETWORK_NODE_TYPES = ['Coordinator', 'Router', 'EndDevice'] as const;
export type NetworkNodeType = (typeof NETWORK_NODE_TYPES)[number];

/** Zigbee neighbour table relationship (ZDO Mgmt_Lqi_rsp bits 4–6) in words. */
export const NEIGHBOUR_RELATIONSHIPS = ['parent', 'child', 'sibling', 'none', 'previous_child'] as const;
export type NeighbourRelationship = (typeof NEIGHBOUR_RELATIONSHIPS)[number];

/**
 * One device of the network. `reachable`: true when its neighbour table was read, false when it did
 * not answer in time (`error` says why), null for end devices (they sleep and keep no table; they
 * appear as their parent's children).
 */
export const networkNodeSchema = v.object({
  ieee: ieeeSchema,
  nwk: intRange(0, 0xffff),
  type: v.picklist(NETWORK_NODE_TYPES),
  reachable: v.nullable(v.boolean()),
  error: v.optional(v.string()),
});
export type NetworkNode = v.InferOutput<typeof networkNodeSchema>;

/**
 * One neighbour table entry: `target` listed `source` as its neighbour, heard it with link quality
 * `lqi` (0–255) and says `source` sits at `depth` hops from the coordinator.
 */
export const networkLinkSchema = v.object({
  source: ieeeSchema,
  target: ieeeSchema,
  lqi: intRange(0, 255),
  depth: intRange(0, 255),
  relationship: v.picklist(NEIGHBOUR_RELATIONSHIPS),
});
export type NetworkLink = v.InferOutput<typeof networkLinkSchema>;

/** A finished scan. `scannedat`: when it finished (ISO 8601, UTC); `duration_ms`: how long it took. */
export const networkMapSchema = v.object({
  scannedat: v.string(),
  duration_ms: intRange(0, Number.MAX_SAFE_INTEGER),
  nodes: v.array(networkNodeSchema),
  links: v.array(networkLinkSchema),
});
export type NetworkMap = v.InferOutput<typeof networkMapSchema>;

/**
 * Progress of a running scan: `done` of `total` nodes asked so far. The first message (done 0)
 * says a scan started; then one per node with its `ieee`, whether it answered and how many
 * neighbours it listed.
 */
export const networkMapProgressSchema = v.object({
  done: intRange(0, 0xffff),
  total: intRange(0, 0xffff),
  ieee: v.optional(ieeeSchema),
  reachable: v.optional(v.boolean()),
  neighbours: v.optional(intRange(0, 0xffff)),
});
export type NetworkMapProgress = v.InferOutput<typeof networkMapProgressSchema>;

/** Payload of the `network/map` request: how long to wait for each node's table (default 10 s). */
export const networkMapRequestEntries = {
  node_timeout_ms: v.optional(intRange(100, 60_000)),
};
