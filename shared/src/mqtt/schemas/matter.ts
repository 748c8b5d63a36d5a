import * as v from 'valibot';
import { transactionSchema } from './common';
import type { MatterRequestName } from '../topics';

/**
 * The Matter bridge's topics (a herdgate extension, present only when MATTER=1): its retained
 * commissioning status, requests the api sends it, and the REST names the api publishes for it.
 */
export const matterFabricSchema = v.object({
  index: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(254)),
  label: v.string(),
  vendorid: v.pipe(v.number(), v.integer()),
  fabricid: v.string(),
  nodeid: v.string(),
});

/** `<base>/matter/state`, retained: how a controller pairs and who already did. */
export const matterStatusSchema = v.object({
  pairingcode: v.string(),
  qrcode: v.string(),
  port: v.pipe(v.number(), v.integer()),
  commissioned: v.boolean(),
  /** A commissioning window is open (always at first start; on request later). */
  window: v.boolean(),
  fabrics: v.array(matterFabricSchema),
});
export type MatterStatus = v.InferOutput<typeof matterStatusSchema>;

/** `<base>/matter/names`, retained: deCONZ uniqueid -> the REST name of that light or sensor. */
export const matterNamesSchema = v.object({ names: v.record(v.string(), v.pipe(v.string(), v.maxLength(64))) });
export type MatterNames = v.InferOutput<typeof matterNamesSchema>;

const envelope = { transaction: v.optional(transactionSchema) };
export const matterRequestSchemas = {
  'window/open': v.object(envelope),
  'window/close': v.object(envelope),
  'fabric/remove': v.object({ ...envelope, index: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(254)) }),
} satisfies Record<MatterRequestName, v.GenericSchema>;
export type MatterRequestPayloads = { [K in MatterRequestName]: v.InferOutput<(typeof matterRequestSchemas)[K]> };
