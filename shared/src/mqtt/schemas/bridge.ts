import * as v from 'valibot';
import { bridgeIdSchema, ieeeSchema, intRange, itemValueSchema } from './common';

/** `<base>/bridge/<bridge>/state`, retained; also the broker-held last will (`offline`). */
export const bridgeStateSchema = v.strictObject({ state: v.picklist(['online', 'offline']) });
export type BridgeState = v.InferOutput<typeof bridgeStateSchema>;

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
  permit_join: v.object({ open: v.boolean(), remaining: intRange(0, 255) }),
  rfconnected: v.boolean(),
  /** Commands waiting in the per-device queues. */
  queue_depth: intRange(0, Number.MAX_SAFE_INTEGER),
  versions: v.object({ herdgate: v.string(), herdsman: v.string(), converters: v.string() }),
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
] as const;
export type BridgeEventType = (typeof BRIDGE_EVENT_TYPES)[number];

/** `<base>/bridge/<bridge>/event`, not retained. `data` depends on `type` (see docs/mqtt.md). */
export const bridgeEventSchema = v.object({
  type: v.picklist(BRIDGE_EVENT_TYPES),
  ieee: ieeeSchema,
  data: v.optional(v.record(v.string(), itemValueSchema), {}),
});
export type BridgeEvent = v.InferOutput<typeof bridgeEventSchema>;
