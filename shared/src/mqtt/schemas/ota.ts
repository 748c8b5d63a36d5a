import * as v from 'valibot';
import { ieeeSchema, intRange, numberRange } from './common';

/**
 * Firmware updates of devices (OTA, ZCL cluster 0x0019). The bridge answers `device/ota` requests
 * and keeps `<base>/devices/<ieee>/ota` (retained) current: what the device runs, the newest image
 * the configured sources hold for it, and a running transfer's progress. File versions are the
 * 32-bit numbers of the OTA header.
 */
export const OTA_ACTIONS = ['check', 'update', 'schedule', 'unschedule', 'abort'] as const;
export type OtaAction = (typeof OTA_ACTIONS)[number];

export const OTA_STATES = ['idle', 'available', 'scheduled', 'updating'] as const;
export type OtaStateName = (typeof OTA_STATES)[number];

const fileVersion = intRange(0, 0xffffffff);

/** How the last update ended; `error` is one of the contract's codes (`no_image`, `refused`, `transfer_failed`, `aborted`…). */
export const otaResultSchema = v.object({
  ok: v.boolean(),
  at: v.pipe(v.string(), v.isoTimestamp()),
  from: v.nullable(fileVersion),
  to: v.nullable(fileVersion),
  error: v.optional(v.object({ code: v.string(), message: v.string() })),
});

/** `<base>/devices/<ieee>/ota`, retained. */
export const otaStateSchema = v.object({
  state: v.picklist(OTA_STATES),
  /** File version the device reported (null until it asked or was checked). */
  installed: v.nullable(fileVersion),
  /** File version of the newest matching image in the sources (null when none is known). */
  available: v.nullable(fileVersion),
  /** Percent of the image sent, while updating. */
  progress: v.optional(numberRange(0, 100)),
  /** Estimated seconds left, while updating. */
  remaining: v.optional(intRange(0, 0x7fffffff)),
  /** Bytes of the image and bytes sent so far, while updating. */
  size: v.optional(intRange(0, 0x7fffffff)),
  sent: v.optional(intRange(0, 0x7fffffff)),
  /** True for a device that sleeps: an update waits for its next image query (its check-in). */
  sleepy: v.boolean(),
  result: v.optional(otaResultSchema),
});
export type OtaState = v.InferOutput<typeof otaStateSchema>;

export const otaRequestEntries = {
  ieee: ieeeSchema,
  action: v.picklist(OTA_ACTIONS, `expected one of ${OTA_ACTIONS.join(', ')}`),
};

/**
 * Answered when the action took effect: `check` once the device said what it runs; `update` once
 * the device accepted the image and the transfer began (the end arrives on the ota topic), or at
 * once with state `scheduled` for a sleepy device; `schedule`, `unschedule` and `abort` at once.
 */
export const otaResponseSchema = v.object({ ieee: ieeeSchema, action: v.picklist(OTA_ACTIONS), ota: otaStateSchema });
