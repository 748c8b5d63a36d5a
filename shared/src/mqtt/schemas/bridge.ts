import * as v from 'valibot';
import { bridgeIdSchema, ieeeSchema, intRange, itemValueSchema } from './common';

/** `<base>/bridge/<bridge>/state`, retained; also the broker-held last will (`offline`). */
export const bridgeStateSchema = v.strictObject({ state: v.picklist(['online', 'offline']) });
export type BridgeState = v.InferOutput<typeof bridgeStateSchema>;

/**
 * Coordinator types (`info.coordinator.type`) whose drivers send inter-PAN frames, so the
 * `touchlink/*` requests can work; every other bridge answers them `not_supported`.
 */
export const TOUCHLINK_ADAPTERS = ['zstack', 'ember'] as const;

/** `<base>/bridge/<bridge>/info`, retained: what the api needs to fill `/config`. */
export const bridgeInfoSchema = v.object({
  bridge: bridgeIdSchema,
  coordinator: v.object({
    ieee: ieeeSchema,
    /** Adapter family as herdsman names it: `deconz`, `zstack`, `ember`, `zigate`, `zboss`, `zoh`. */
    type: v.string(),
    /** Firmware revision in deCONZ's `0x26720700` form when known. */
    firmware: v.string(),
    /** deCONZ `devicename` (e.g. `ConBee II`) when the stick reports one. */
    devicename: v.optional(v.string()),
  }),
  network: v.object({
    channel: intRange(11, 26),
    panid: intRange(0, 0xffff),
    /** 16 lower-case hex digits with 0x, like herdsman prints it. */
    extpanid: v.pipe(v.string(), v.regex(/^0x[0-9a-f]{16}$/, 'expected 0x + 16 hex digits')),
  }),
  /** Seconds the network stays open; 0 when closed. */
  permit_join: v.object({ open: v.boolean(), remaining: intRange(0, 65535) }),
  rfconnected: v.boolean(),
  /** Commands waiting in the per-device queues. */
  queue_depth: intRange(0, Number.MAX_SAFE_INTEGER),
  versions: v.object({ herdgate: v.string(), herdsman: v.string(), converters: v.string() }),
  /** Settings applied through the `options` request (absent from bridges that predate it). */
  options: v.optional(v.object({ group_delay_ms: intRange(0, 5000), ota: v.boolean(), light_lastseen_s: intRange(1, 65535) })),
  /**
   * What the network is doing: `up`, `down` (rfconnected false), or a long operation in progress
   * (`changing_channel`, `resetting`, `updating_firmware`, `restoring`, `starting`).
   */
  network_state: v.optional(v.picklist(['up', 'down', 'starting', 'changing_channel', 'resetting', 'updating_firmware', 'restoring'])),
});
export type BridgeInfo = v.InferOutput<typeof bridgeInfoSchema>;

export const BRIDGE_EVENT_TYPES = [
  'join',
  'announce',
  'leave',
  'interview_started',
  'interview_progress',
  'interview_succeeded',
  'interview_failed',
  /** A device (a remote bound to a group) sent a group command; `data` is a GroupCommandData. */
  'group_command',
  /**
   * Progress of a network operation (channel change, radio on/off, reset, firmware update); `ieee`
   * is the coordinator's, `data` is `{operation, stage, message}` and on failure `error`.
   */
  'network',
] as const;
export type BridgeEventType = (typeof BRIDGE_EVENT_TYPES)[number];

/** `<base>/bridge/<bridge>/event`, not retained. `data` depends on `type` (see docs/mqtt.md). */
export const bridgeEventSchema = v.object({
  type: v.picklist(BRIDGE_EVENT_TYPES),
  ieee: ieeeSchema,
  data: v.optional(v.record(v.string(), itemValueSchema), {}),
});
export type BridgeEvent = v.InferOutput<typeof bridgeEventSchema>;

/**
 * `data` of a `group_command` event: what a device (a remote bound to a group) told the group, in
 * the REST vocabulary. `command` names the ZCL command (`on`, `off`, `toggle`, `step`, `move`,
 * `stop`, `move_to_level`, `move_to_color_temp`, `move_to_color`, `recall`); the items say what
 * it implies (`bri_inc` for a step, `scene` for a recall). `move`/`stop` imply no known value.
 */
export const groupCommandDataSchema = v.object({
  group: intRange(0, 0xffff),
  endpoint: intRange(1, 240),
  command: v.string(),
  on: v.optional(v.boolean()),
  toggle: v.optional(v.boolean()),
  bri: v.optional(intRange(0, 255)),
  bri_inc: v.optional(intRange(-254, 254)),
  ct: v.optional(intRange(0, 65535)),
  xy: v.optional(v.array(v.number())),
  transitiontime: v.optional(intRange(0, 65535)),
  scene: v.optional(intRange(0, 255)),
});
export type GroupCommandData = v.InferOutput<typeof groupCommandDataSchema>;
