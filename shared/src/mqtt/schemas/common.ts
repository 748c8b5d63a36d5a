import * as v from 'valibot';
import { BRIDGE_ID_PATTERN, IEEE_PATTERN, MAX_ENDPOINT, MAX_GROUP, MIN_ENDPOINT } from '../topics';

/** An integer in [min, max], with a message a scripter can act on. */
export const intRange = (min: number, max: number) =>
  v.pipe(
    v.number('expected a number'),
    v.integer(`expected an integer from ${min} to ${max}`),
    v.minValue(min, `expected an integer from ${min} to ${max}`),
    v.maxValue(max, `expected an integer from ${min} to ${max}`),
  );

export const numberRange = (min: number, max: number) =>
  v.pipe(v.number('expected a number'), v.minValue(min, `expected a number from ${min} to ${max}`), v.maxValue(max, `expected a number from ${min} to ${max}`));

export const ieeeSchema = v.pipe(v.string('expected an IEEE address string'), v.regex(IEEE_PATTERN, 'expected an IEEE address like 0x00212effff012345'));
export const bridgeIdSchema = v.pipe(v.string(), v.regex(BRIDGE_ID_PATTERN, 'expected 16 upper-case hex digits'));
export const endpointSchema = intRange(MIN_ENDPOINT, MAX_ENDPOINT);
export const groupIdSchema = intRange(1, MAX_GROUP);
export const sceneIdSchema = intRange(1, 255);

/** Caller-chosen correlation id, echoed in the response. */
export const transactionSchema = v.union([v.pipe(v.string(), v.maxLength(64, 'expected at most 64 characters')), v.number()], 'expected a string or a number');
export const optionalTransaction = v.optional(transactionSchema);

/**
 * When a command stops being worth executing: epoch milliseconds (UTC). A command that reaches the
 * bridge later (a client's queued QoS 1 publish resent after an MQTT outage) is answered `expired`
 * and not executed. Both hosts' clocks must agree (NTP); the bridge allows a few seconds of skew.
 */
export const expiresSchema = v.pipe(
  v.number('expected epoch milliseconds'),
  v.integer('expected epoch milliseconds'),
  v.minValue(0, 'expected epoch milliseconds'),
);

/** The fields every command and request may carry besides its own: correlation and expiry. */
export const envelopeEntries = { transaction: optionalTransaction, expires: v.optional(expiresSchema) };
export const ENVELOPE_KEYS: readonly string[] = Object.keys(envelopeEntries);

/** deCONZ `lastupdated` (`yyyy-MM-ddTHH:mm:ss.zzz`, UTC, no Z) or `none`. */
export const lastUpdatedSchema = v.union([
  v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?$/, 'expected yyyy-MM-ddTHH:mm:ss.zzz')),
  v.literal('none'),
]);

/** Any JSON value an item may hold. */
export type ItemValue = string | number | boolean | null | ItemValue[] | { [key: string]: ItemValue };
export const itemValueSchema: v.GenericSchema<ItemValue> = v.lazy(() =>
  v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(itemValueSchema), v.record(v.string(), itemValueSchema)]),
);
