import * as v from 'valibot';
import type { RequestName } from '../topics';
import { endpointSchema, groupIdSchema, ieeeSchema, intRange, numberRange, envelopeEntries, sceneIdSchema } from './common';
import { alarmRequestEntries } from './alarm';
import { networkMapRequestEntries } from './network-map';
import { otaRequestEntries } from './ota';

const request = <E extends v.ObjectEntries>(entries: E) => v.strictObject({ ...entries, ...envelopeEntries });

const clusterSchema = v.union([v.string(), intRange(0, 0xffff)], 'expected a cluster name or id');
const attributeSchema = v.union([v.string(), intRange(0, 0xffff)], 'expected an attribute name or id');
const member = { group: groupIdSchema, ieee: ieeeSchema, endpoint: endpointSchema };
const BIND_CLUSTERS = ['genOnOff', 'genLevelCtrl', 'genScenes', 'lightingColorCtrl'] as const;
const bindEntries = {
  ieee: ieeeSchema,
  endpoint: v.optional(endpointSchema),
  group: groupIdSchema,
  clusters: v.optional(
    v.pipe(v.array(v.picklist(BIND_CLUSTERS, `expected one of ${BIND_CLUSTERS.join(', ')}`)), v.minLength(1, 'expected at least one cluster')),
  ),
};

/** One payload schema per request topic `<base>/bridge/<bridge>/request/<name>`. */
export const requestSchemas = {
  /**
   * `time` seconds (0 closes); up to 65535 (deCONZ `networkopenduration`): the bridge sends the
   * radio's 254 s frame again until the whole time has passed. `ieee` opens only through that router.
   */
  permit_join: request({ time: intRange(0, 65535), ieee: v.optional(ieeeSchema) }),
  /** `leave` asks the device to leave (default true); `force` drops it even without an answer. */
  'device/remove': request({ ieee: ieeeSchema, leave: v.optional(v.boolean(), true), force: v.optional(v.boolean(), false) }),
  /** An empty `name` gives the device back its default name (its model's description). */
  'device/rename': request({ ieee: ieeeSchema, name: v.pipe(v.string(), v.maxLength(32, 'expected at most 32 characters')) }),
  'device/read': request({
    ieee: ieeeSchema,
    endpoint: v.optional(endpointSchema),
    cluster: clusterSchema,
    attributes: v.pipe(v.array(attributeSchema), v.minLength(1, 'expected at least one attribute')),
  }),
  /** Re-read the items the converters can read (all when `endpoint` is absent). */
  'device/refresh': request({ ieee: ieeeSchema, endpoint: v.optional(endpointSchema) }),
  /**
   * Hand an install code (6, 8, 12 or 16 bytes followed by its CRC-16, as hex) to the coordinator,
   * so the device with that IEEE address can join with the link key derived from it.
   */
  /** Read identity again, re-apply binds and reporting, then read every item back (deCONZ's DDF reload). */
  'device/reload': request({ ieee: ieeeSchema }),
  'device/install_code': request({
    ieee: ieeeSchema,
    code: v.pipe(
      v.string('expected a hex string'),
      v.regex(/^([0-9a-f]{16}|[0-9a-f]{20}|[0-9a-f]{28}|[0-9a-f]{36})$/, 'expected 8, 10, 14 or 18 bytes as lower-case hex'),
    ),
  }),
  /**
   * Bind a device endpoint's client clusters to a group, so its buttons groupcast to the group (as
   * deCONZ binds remotes). Without `clusters`: every one of genOnOff, genLevelCtrl, genScenes,
   * lightingColorCtrl the endpoint sends.
   */
  'device/bind': request(bindEntries),
  'device/unbind': request(bindEntries),
  'group/add_member': request(member),
  'group/remove_member': request(member),
  'scene/store': request({ group: groupIdSchema, scene: sceneIdSchema, transitiontime: v.optional(intRange(0, 65535)) }),
  'scene/recall': request({ group: groupIdSchema, scene: sceneIdSchema }),
  /**
   * Write one member's scene with explicit values (ZCL add scene with extension fields), so an
   * edited scene is the device's own, not just the gateway's copy. `xy` wins over `ct`.
   */
  'scene/add': request({
    group: groupIdSchema,
    scene: sceneIdSchema,
    ieee: ieeeSchema,
    endpoint: endpointSchema,
    transitiontime: v.optional(intRange(0, 65535), 0),
    state: v.strictObject({
      on: v.optional(v.boolean('expected true or false')),
      bri: v.optional(intRange(0, 255)),
      ct: v.optional(intRange(0, 65535)),
      xy: v.optional(v.pipe(v.array(numberRange(0, 1)), v.length(2, 'expected [x, y]'))),
    }),
  }),
  /** Without `scene`, removes every scene of the group; with `ieee`/`endpoint`, only on that member. */
  'scene/remove': request({ group: groupIdSchema, scene: v.optional(sceneIdSchema), ieee: v.optional(ieeeSchema), endpoint: v.optional(endpointSchema) }),
  'network/info': request({}),
  backup: request({}),
  /** The bridge's data files for a gateway backup (after a fresh coordinator backup). */
  'backup/data': request({}),
  /**
   * Replace the bridge's data files with a backup's and restart on them (`check`: only say what the
   * restore would do, changing nothing). `id` names the restore, one per import (not the
   * archive's checksum: the same archive imported again later is a new restore): sent again after
   * the bridge has done it, it is answered as done without a second swap. Files as `backup/data` answers them.
   */
  'backup/restore': request({
    id: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'expected 64 hex digits')),
    files: v.record(
      v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected a plain file name')),
      v.object({ sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), gzip: v.string() }),
    ),
    check: v.optional(v.boolean('expected true or false'), false),
  }),
  devices: request({ offset: v.optional(intRange(0, 1_000_000), 0), limit: v.optional(intRange(1, 100), 50) }),
  /** Touchlink (inter-PAN): scan every channel for lights held close (about 11 s), then identify or reset one found on `channel`. */
  'touchlink/scan': request({}),
  'touchlink/identify': request({ ieee: ieeeSchema, channel: intRange(11, 26) }),
  'touchlink/reset': request({ ieee: ieeeSchema, channel: intRange(11, 26) }),
  'alarm/keypad_key': request(alarmRequestEntries['alarm/keypad_key']),
  'alarm/state': request(alarmRequestEntries['alarm/state']),
  'alarm/arm_response': request(alarmRequestEntries['alarm/arm_response']),
  /** Gateway settings the bridge applies: the gap between two group commands (deCONZ `groupdelay`), OTA on/off. */
  options: request({
    group_delay_ms: v.optional(intRange(0, 5000)),
    ota: v.optional(v.boolean('expected true or false')),
    light_lastseen_s: v.optional(intRange(1, 65535)),
  }),
  /** false takes the Zigbee network down (the radio is released), true brings it back on the same network. */
  'network/connect': request({ connected: v.boolean('expected true or false') }),
  /** Move the running network to another channel; every device follows without pairing again. */
  'network/channel': request({ channel: intRange(11, 26) }),
  /** A new network (new PAN id, extended PAN id and key, same channel): every device must pair again. */
  'network/reset': request({}),
  /** Update the radio firmware where the adapter offers a safe path (the virtual radio does). */
  'firmware/update': request({}),
  /** Read the neighbour table of the coordinator and every router (a herdgate extension); answered with the map. */
  'network/map': request(networkMapRequestEntries),
  /** Firmware update of one device: check, update (scheduled for a sleepy one), schedule, unschedule, abort. */
  'device/ota': request(otaRequestEntries),
} satisfies Record<RequestName, v.GenericSchema>;

export type RequestPayloads = { [K in RequestName]: v.InferOutput<(typeof requestSchemas)[K]> };
