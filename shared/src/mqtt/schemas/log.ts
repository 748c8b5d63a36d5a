import * as v from 'valibot';
import { LOG_LEVELS } from '../../log/index';
import { ieeeSchema } from './common';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/**
 * `<base>/bridge/<bridge>/log`, not retained: one warning or error the bridge wrote, for the api's
 * log view (a herdgate extension). Paced by the bridge; `dropped` says how many it held back since
 * the last one it sent.
 */
export const bridgeLogSchema = v.object({
  time: v.pipe(v.string(), v.isoTimestamp()),
  level: v.picklist(LOG_LEVELS),
  msg: text(500),
  module: v.optional(text(100)),
  ieee: v.optional(ieeeSchema),
  err: v.optional(text(500)),
  reqid: v.optional(text(100)),
  dropped: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type BridgeLog = v.InferOutput<typeof bridgeLogSchema>;
