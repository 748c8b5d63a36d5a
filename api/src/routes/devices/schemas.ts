import * as v from 'valibot';
import { OTA_ACTIONS } from '@herdgate/shared/mqtt';
import { DDF_POLICIES } from '../../resources/devices/types';

/** A bundle hash: 64 hex digits (SHA-256). */
export const BUNDLE_HASH = /^[0-9a-fA-F]{64}$/;

/** `PUT /devices/<mac>/ddf/policy`; `hash` is required (and only kept) for `pin`. */
export const policySchema = v.object({
  policy: v.picklist(DDF_POLICIES),
  hash: v.optional(v.pipe(v.string(), v.regex(BUNDLE_HASH))),
});

/** `PUT /devices/<mac>/installcode`: hex code with its CRC (checked by the route). */
export const installCodeSchema = v.object({
  installcode: v.string(),
});

/** `POST /devices/<mac>/otau` (herdgate extension): what to do about the device's firmware. */
export const otauActionSchema = v.strictObject({
  action: v.picklist(OTA_ACTIONS),
});

/** `PUT /devices/<mac>` (herdgate extension): the device's name, 1-32 characters, not blank. */
export const renameDeviceSchema = v.strictObject({
  name: v.pipe(
    v.string(),
    v.maxLength(32),
    v.check((name) => name.trim() !== ''),
  ),
});
