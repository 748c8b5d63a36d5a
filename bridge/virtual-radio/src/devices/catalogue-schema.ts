/**
 * The shape of one catalogue file (`catalogue/<model>.json`). Device differences live here as data:
 * descriptors, attribute defaults, timing, and which frames a button press sends.
 */
import * as v from 'valibot';

const u8 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xff));
const u16 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff));
const Value = v.union([v.number(), v.string(), v.array(v.number())]);
const Scalar = v.union([v.number(), v.string(), v.array(v.number())]);
/** An attribute value: a number, a string, bytes, or an array attribute (element type + elements). */
export const AttributeValueSchema = v.union([Scalar, v.strictObject({ elementType: v.string(), elements: v.array(Scalar) })]);
const ClusterRef = v.union([u16, v.string()]);

const EndpointSchema = v.strictObject({
  id: v.pipe(u8, v.minValue(1)),
  profileId: u16,
  deviceId: u16,
  version: v.optional(u8, 1),
  inClusters: v.array(u16),
  outClusters: v.array(u16),
  /** cluster name → attribute name → initial value. */
  attributes: v.optional(v.record(v.string(), v.record(v.string(), AttributeValueSchema)), {}),
});

/** One frame a person's action makes the device send. */
const EmissionSchema = v.strictObject({
  endpoint: v.optional(u8),
  cluster: ClusterRef,
  /** A command from the cluster table, encoded from `payload`… */
  command: v.optional(v.string()),
  payload: v.optional(v.record(v.string(), Value), {}),
  /** …or a command outside the tables (vendor extensions), given as id plus typed arguments. */
  commandId: v.optional(u8),
  args: v.optional(v.array(v.strictObject({ type: v.string(), value: Value }))),
  manufacturerCode: v.optional(u16),
  disableDefaultResponse: v.optional(v.boolean(), false),
  /** Vendor notifications (the Hue buttons' 0xfc00 frames) travel server to client. */
  direction: v.optional(v.picklist(['toServer', 'toClient']), 'toServer'),
  /** …or, instead of a command, an attribute the device announces by itself (Aqara's buttons: a multistate input report). */
  report: v.optional(v.strictObject({ attribute: v.string(), value: Value })),
});

const PressKind = v.picklist(['single', 'double', 'triple', 'hold', 'release']);

const BehaviourSchema = v.strictObject({
  /** Window covering travel speed, percent per second. */
  coverSpeed: v.optional(v.pipe(v.number(), v.minValue(0.1)), 10),
  /** Seconds after which a motion sensor clears occupancy by itself. */
  motionClearSeconds: v.optional(v.pipe(v.number(), v.minValue(0)), 30),
  /** How fast a heating thermostat's local temperature drifts toward its setpoint, °C per minute. */
  thermostatDriftPerMinute: v.optional(v.pipe(v.number(), v.minValue(0)), 0.5),
  /** Step of time-based animations (transitions, cover travel, drift), milliseconds. */
  stepMs: v.optional(v.pipe(v.number(), v.minValue(10)), 100),
  /**
   * Clusters whose measurements the device sends by itself when they change, whether or not
   * reporting was configured (Xiaomi sensors report to the coordinator without being asked).
   */
  announces: v.optional(v.array(v.string()), []),
  /** Where button frames go when the endpoint has no binding for the cluster. */
  defaultTarget: v.optional(v.picklist(['coordinator', 'none']), 'coordinator'),
});

const DpId = v.pipe(v.string(), v.regex(/^([1-9]\d?|1\d\d|2[0-4]\d|25[0-5])$/, 'expected a dp id 1-255'));
const DpValueSchema = v.union([v.boolean(), v.number(), v.string(), v.array(u8)]);

/** One data point of a Tuya MCU: what the converters call it, its type and its value fresh from the box. */
const DatapointSchema = v.strictObject({
  name: v.string(),
  type: v.picklist(['raw', 'bool', 'value', 'string', 'enum', 'bitmap']),
  value: DpValueSchema,
  /** Bytes of a bitmap (1, 2 or 4). */
  size: v.optional(v.picklist([1, 2, 4]), 1),
  /** The MCU sets it itself (a measurement, a state): writes from the host are ignored. */
  readOnly: v.optional(v.boolean(), false),
  /** What the MCU accepts for a value or enum; a write outside is ignored. */
  min: v.optional(v.number()),
  max: v.optional(v.number()),
});

/**
 * A Tuya device (TS0601 and kin): an MCU behind the Zigbee module keeps data points, read and
 * written through the manufacturer cluster 0xEF00 on `endpoint` (see behaviours/tuya.ts).
 */
const TuyaSchema = v.strictObject({
  endpoint: v.optional(v.pipe(u8, v.minValue(1)), 1),
  /** What the MCU answers to a version request (Tuya's packed major.minor.patch byte). */
  mcuVersion: u8,
  /** Seconds between the MCU's requests for the time until it has one; then it asks hourly. */
  timeRequestSeconds: v.optional(v.pipe(v.number(), v.minValue(1)), 60),
  /** dp id (decimal) → data point. */
  datapoints: v.record(DpId, DatapointSchema),
  /**
   * Points the MCU sets by itself when another takes a value, and reports (a valve forced shut
   * reports its position 0).
   */
  follows: v.optional(
    v.array(v.strictObject({ when: v.strictObject({ dp: DpId, value: DpValueSchema }), set: v.strictObject({ dp: DpId, value: DpValueSchema }) })),
    [],
  ),
});

const u32 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff));

/**
 * An OTA upgrade client (ZCL 11.13): the model's firmware identity and how it downloads. Models the
 * converters mark with `ota` have one (see devices/ota/README.md).
 */
const OtaSchema = v.strictObject({
  /** Endpoint with the OTA client (out-cluster 0x0019); default the first that has it. */
  endpoint: v.optional(v.pipe(u8, v.minValue(1))),
  imageType: u16,
  /** The firmware it ships with. */
  fileVersion: u32,
  /** Zigbee stack version it reports (2 = ZigBee PRO). */
  stackVersion: v.optional(u16, 2),
  /** Sent in Query Next Image (field control bit 0) when given. */
  hardwareVersion: v.optional(u16),
  /** Maximum data size it asks for in each Image Block Request. */
  maxDataSize: v.optional(v.pipe(u8, v.minValue(1)), 64),
  /** Time it takes to store a block before it asks for the next one (realistic pacing), milliseconds. */
  blockDelayMs: v.optional(v.pipe(v.number(), v.minValue(0)), 50),
  /** Seconds between the Query Next Image Requests it sends by itself (a sleepy device's check-in). */
  queryIntervalS: v.optional(v.pipe(v.number(), v.minValue(1)), 86_400),
  /** Time it is off the network while it boots the new image, milliseconds. */
  rebootMs: v.optional(v.pipe(v.number(), v.minValue(0)), 3_000),
  /**
   * genBasic swBuildId after an update, from the new file version: `{hex}` (8 hex digits),
   * `{version}` (decimal), `{b3}`…`{b0}` (its bytes, most significant first, decimal).
   */
  swBuildId: v.optional(v.string(), '{b3}.{b2}.{b1}.{b0}'),
  /** Asks for pages of this many bytes (Image Page Request) instead of single blocks. */
  pageSize: v.optional(v.pipe(u16, v.minValue(1))),
  /** With pageSize: milliseconds it wants between the server's blocks. */
  responseSpacingMs: v.optional(u16, 0),
  /** Largest image its flash takes; a bigger offer is refused (INVALID_IMAGE). */
  maxImageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1_048_576),
});

export const CatalogueEntrySchema = v.strictObject({
  description: v.string(),
  manufacturerName: v.string(),
  modelId: v.string(),
  manufacturerCode: u16,
  logicalType: v.picklist(['router', 'end-device']),
  /** MAC capability flags as in Device_annce (0x8e mains router, 0x80 sleepy end device). */
  macCapabilities: u8,
  /** genBasic attributes shared by every endpoint with a basic cluster (powerSource, swBuildId…). */
  basic: v.optional(v.record(v.string(), Value), {}),
  endpoints: v.pipe(v.array(EndpointSchema), v.minLength(1)),
  behaviour: v.optional(BehaviourSchema, {}),
  /** Answers touchlink (ZLL commissioning) on its first endpoint with the 0x1000 server cluster. */
  touchlink: v.optional(v.boolean(), false),
  /**
   * Zigbee 3.0 install code printed on the device (hex, CRC-16 included). A model with one joins
   * only after the host gave the coordinator the link key derived from it.
   */
  installCode: v.optional(
    v.pipe(v.string(), v.regex(/^([0-9a-f]{16}|[0-9a-f]{20}|[0-9a-f]{28}|[0-9a-f]{36})$/, 'expected lower-case hex of 6, 8, 12 or 16 bytes plus CRC')),
  ),
  /**
   * A gesture controller (Aqara's cube): the endpoint whose multistate input reports gestures
   * (Aqara's encoding of shake, flips, slide, tap…) and the one whose analog input reports rotation.
   */
  cube: v.optional(v.strictObject({ gestures: v.pipe(u8, v.minValue(1)), rotation: v.pipe(u8, v.minValue(1)) })),
  tuya: v.optional(TuyaSchema),
  ota: v.optional(OtaSchema),
  /** button name → press kind → frames sent, in order. */
  buttons: v.optional(v.record(v.string(), v.record(PressKind, v.array(EmissionSchema)))),
});

export type CatalogueEntry = v.InferOutput<typeof CatalogueEntrySchema>;
export type CatalogueEndpoint = CatalogueEntry['endpoints'][number];
export type CatalogueEmission = v.InferOutput<typeof EmissionSchema>;
export type DeviceBehaviourConfig = CatalogueEntry['behaviour'];
export type PressKindName = v.InferOutput<typeof PressKind>;
export type TuyaSpec = v.InferOutput<typeof TuyaSchema>;
export type OtaSpec = v.InferOutput<typeof OtaSchema>;
export type DatapointSpec = v.InferOutput<typeof DatapointSchema>;
