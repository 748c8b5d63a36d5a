import * as v from 'valibot';
import type { RequestName } from '../topics';
import {
  endpointSchema,
  groupIdSchema,
  ieeeSchema,
  intRange,
  optionalTransaction,
  sceneIdSchema,
} from './common';

const request = <E extends v.ObjectEntries>(entries: E) =>
  v.strictObject({ ...entries, transaction: optionalTransaction });

const clusterSchema = v.union([v.string(), intRange(0, 0xffff)], 'expected a cluster name or id');
const attributeSchema = v.union([v.string(), intRange(0, 0xffff)], 'expected an attribute name or id');
const member = { group: groupIdSchema, ieee: ieeeSchema, endpoint: endpointSchema };

/** One payload schema per request topic `<base>/bridge/<bridge>/request/<name>`. */
export const requestSchemas = {
  /** `time` seconds (0 closes, as deCONZ `permitjoin`); `ieee` opens only through that router. */
  permit_join: request({ time: intRange(0, 254), ieee: v.optional(ieeeSchema) }),
  /** `leave` asks the device to leave (default true); `force` drops it even without an answer. */
  'device/remove': request({ ieee: ieeeSchema, leave: v.optional(v.boolean(), true), force: v.optional(v.boolean(), false) }),
  'device/rename': request({ ieee: ieeeSchema, name: v.pipe(v.string(), v.maxLength(32, 'expected at most 32 characters')) }),
  'device/read': request({
    ieee: ieeeSchema,
    endpoint: v.optional(endpointSchema),
    cluster: clusterSchema,
    attributes: v.pipe(v.array(attributeSchema), v.minLength(1, 'expected at least one attribute')),
  }),
  /** Re-read the items the converters can read (all when `endpoint` is absent). */
  'device/refresh': request({ ieee: ieeeSchema, endpoint: v.optional(endpointSchema) }),
  'group/add_member': request(member),
  'group/remove_member': request(member),
  'scene/store': request({ group: groupIdSchema, scene: sceneIdSchema, transitiontime: v.optional(intRange(0, 65535)) }),
  'scene/recall': request({ group: groupIdSchema, scene: sceneIdSchema }),
  /** Without `scene`, removes every scene of the group. */
  'scene/remove': request({ group: groupIdSchema, scene: v.optional(sceneIdSchema) }),
  'network/info': request({}),
  backup: request({}),
  devices: request({ offset: v.optional(intRange(0, 1_000_000), 0), limit: v.optional(intRange(1, 100), 50) }),
} satisfies Record<RequestName, v.GenericSchema>;

export type RequestPayloads = { [K in RequestName]: v.InferOutput<(typeof requestSchemas)[K]> };
