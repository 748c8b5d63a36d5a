import * as v from 'valibot';
import type { RequestName } from '../topics';
import { bridgeIdSchema, endpointSchema, groupIdSchema, ieeeSchema, intRange, itemValueSchema, sceneIdSchema } from './common';
import { deviceSchema } from './device';
import { alarmResponseSchemas } from './alarm';
import { networkMapSchema } from './network-map';
import { otaResponseSchema } from './ota';

const member = v.object({ group: groupIdSchema, ieee: ieeeSchema, endpoint: endpointSchema });
const scene = v.object({ group: groupIdSchema, scene: sceneIdSchema });

/** The `data` of an ok response on `<base>/bridge/<bridge>/response/<name>`. */
export const responseDataSchemas = {
  permit_join: v.object({ time: intRange(0, 65535), open: v.boolean() }),
  /** `left` is true when the device confirmed the leave request. */
  'device/remove': v.object({ ieee: ieeeSchema, left: v.boolean() }),
  'device/rename': v.object({ ieee: ieeeSchema, name: v.string() }),
  'device/read': v.object({
    ieee: ieeeSchema,
    endpoint: endpointSchema,
    cluster: v.union([v.string(), v.number()]),
    values: v.record(v.string(), itemValueSchema),
  }),
  'device/refresh': v.object({ ieee: ieeeSchema, endpoints: v.array(endpointSchema) }),
  'device/install_code': v.object({ ieee: ieeeSchema }),
  /** `configured`: binds and reporting applied again; `endpoints`: those read back. */
  'device/reload': v.object({ ieee: ieeeSchema, configured: v.boolean(), endpoints: v.array(endpointSchema) }),
  'device/bind': v.object({ ieee: ieeeSchema, endpoint: endpointSchema, group: groupIdSchema, clusters: v.array(v.string()) }),
  'device/unbind': v.object({ ieee: ieeeSchema, endpoint: endpointSchema, group: groupIdSchema, clusters: v.array(v.string()) }),
  'group/add_member': member,
  'group/remove_member': member,
  'scene/store': scene,
  'scene/recall': scene,
  'scene/remove': v.object({ group: groupIdSchema, scene: v.optional(sceneIdSchema), ieee: v.optional(ieeeSchema), endpoint: v.optional(endpointSchema) }),
  'scene/add': v.object({ group: groupIdSchema, scene: sceneIdSchema, ieee: ieeeSchema, endpoint: endpointSchema }),
  'network/info': v.object({
    bridge: bridgeIdSchema,
    channel: intRange(11, 26),
    panid: intRange(0, 0xffff),
    extpanid: v.string(),
  }),
  /** herdsman's coordinator backup, as herdsman writes it (opaque to the contract). */
  backup: v.object({ backup: v.record(v.string(), itemValueSchema) }),
  /**
   * The bridge's data files by name: SHA-256 of the file and its bytes gzipped, then base64 (herdsman's
   * database compresses about tenfold, which keeps a large network's files within one MQTT packet).
   */
  'backup/data': v.object({
    files: v.record(v.string(), v.object({ sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), gzip: v.string() })),
  }),
  /**
   * `stick`: `same` when the stick is the backed-up coordinator, `other` when it is another one,
   * whose network (`replaces`) zigbee-herdsman overwrites with the backup's at the restart.
   * `restored`: false for a check; true once the files are swapped in (the bridge restarts next).
   */
  'backup/restore': v.object({
    id: v.string(),
    stick: v.picklist(['same', 'other']),
    coordinator: ieeeSchema,
    backup: v.object({ ieee: v.optional(ieeeSchema), panid: v.optional(v.string()), channel: v.optional(intRange(11, 26)) }),
    replaces: v.optional(v.object({ panid: intRange(0, 0xffff), extpanid: v.string(), devices: intRange(0, 100_000) })),
    files: v.array(v.string()),
    restored: v.boolean(),
  }),
  /** `next` is the offset of the following page, or null on the last one. */
  /** One entry per channel that answered: `address`/`panid` of the network it is on (0xffff when factory new). */
  'touchlink/scan': v.object({
    results: v.array(
      v.object({
        ieee: ieeeSchema,
        channel: intRange(11, 26),
        factorynew: v.boolean(),
        address: intRange(0, 0xffff),
        panid: intRange(0, 0xffff),
        rssi: intRange(-128, 127),
      }),
    ),
  }),
  'touchlink/identify': v.object({ ieee: ieeeSchema, channel: intRange(11, 26) }),
  'touchlink/reset': v.object({ ieee: ieeeSchema, channel: intRange(11, 26) }),
  devices: v.object({
    devices: v.array(deviceSchema),
    total: intRange(0, Number.MAX_SAFE_INTEGER),
    next: v.nullable(intRange(0, Number.MAX_SAFE_INTEGER)),
  }),
  ...alarmResponseSchemas,
  options: v.object({ group_delay_ms: intRange(0, 5000), ota: v.boolean(), light_lastseen_s: intRange(1, 65535) }),
  'network/connect': v.object({ connected: v.boolean() }),
  /** Answered once the network runs on `channel`. */
  'network/channel': v.object({ channel: intRange(11, 26) }),
  'network/reset': v.object({ channel: intRange(11, 26), panid: intRange(0, 0xffff), extpanid: v.string() }),
  /** `firmware` is the version running after the update. */
  'firmware/update': v.object({ firmware: v.string(), updated: v.boolean() }),
  'network/map': networkMapSchema,
  'device/ota': otaResponseSchema,
} satisfies Record<RequestName, v.GenericSchema>;

export type ResponsePayloads = { [K in RequestName]: v.InferOutput<(typeof responseDataSchemas)[K]> };
