import * as v from 'valibot';
import { ieeeSchema, intRange } from './common';

/**
 * Devices this bridge had and no longer has (a herdgate extension), retained on
 * `<base>/bridge/<bridge>/removed`. A device leaving clears its retained description, which a
 * client that was away never sees; this record is how it learns, at its next connect, which devices
 * are gone for good rather than not yet described again. Bounded (the oldest drop out), kept by
 * the bridge across restarts; a device that joins again leaves the record.
 *
 * `reason`: `removed` (the `device/remove` request), `left` (the device announced it left),
 * `reset` (the bridge formed a new network: every device must pair again).
 */
export const REMOVAL_REASONS = ['removed', 'left', 'reset'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** At most this many devices are listed; the oldest removals drop out first. */
export const MAX_REMOVED_DEVICES = 4096;

export const removedDeviceSchema = v.object({
  ieee: ieeeSchema,
  /** When the bridge forgot it, epoch milliseconds (the bridge's clock). */
  at: intRange(0, Number.MAX_SAFE_INTEGER),
  reason: v.picklist(REMOVAL_REASONS),
});
export type RemovedDevice = v.InferOutput<typeof removedDeviceSchema>;

export const removedDevicesSchema = v.object({
  devices: v.pipe(v.array(removedDeviceSchema), v.maxLength(MAX_REMOVED_DEVICES)),
});
export type RemovedDevices = v.InferOutput<typeof removedDevicesSchema>;
