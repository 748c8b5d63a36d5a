import * as v from 'valibot';
import { transactionSchema } from './schemas/common';

export type Transaction = v.InferOutput<typeof transactionSchema>;

/**
 * Why a request or command failed. The api maps these to deCONZ error types
 * (invalid_json -> 2, invalid_payload -> 7/6/5, not_found -> 3, not_connected -> 950, busy -> 951,
 * no_ack/timeout/unreachable -> 202 for lights, internal -> 901). `superseded`: a newer command
 * for the same attribute of the same device replaced this one before it was sent (a dimmer
 * slider sends only its latest value); nothing failed, the newer value wins. `expired`: the
 * command's `expires` time passed before it could be sent (after an outage); it was not sent.
 * Firmware updates (`device/ota`): `no_image` (no matching image in the sources), `refused` (the
 * device declined the image), `transfer_failed` (it stopped asking or ended with an error),
 * `aborted` (someone aborted the transfer).
 */
export const ERROR_CODES = [
  'invalid_json',
  'invalid_payload',
  'unknown_request',
  'not_found',
  'not_supported',
  'unreachable',
  'no_ack',
  'timeout',
  'busy',
  'superseded',
  'expired',
  'not_connected',
  'internal',
  'no_image',
  'refused',
  'transfer_failed',
  'aborted',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Dotted path of the offending field (`xy.1`), when one field is to blame. */
  field?: string;
}

export interface OkResponse<T> {
  transaction?: Transaction;
  status: 'ok';
  data: T;
}
export interface ErrorResponse {
  transaction?: Transaction;
  status: 'error';
  error: ErrorBody;
}
export type Response<T> = OkResponse<T> | ErrorResponse;

export const errorBodySchema = v.object({
  code: v.picklist(ERROR_CODES),
  message: v.string(),
  field: v.optional(v.string()),
});

/** The envelope around a response's `data`, for consumers validating what a bridge sent. */
export const responseSchema = <S extends v.GenericSchema>(data: S) =>
  v.variant('status', [
    v.object({ transaction: v.optional(transactionSchema), status: v.literal('ok'), data }),
    v.object({ transaction: v.optional(transactionSchema), status: v.literal('error'), error: errorBodySchema }),
  ]);

// Omit `transaction` when the caller sent none, so responses stay minimal.
const withTransaction = (transaction: Transaction | undefined) => (transaction === undefined ? {} : { transaction });

export const okResponse = <T>(transaction: Transaction | undefined, data: T): OkResponse<T> => ({
  ...withTransaction(transaction),
  status: 'ok',
  data,
});

export const errorResponse = (transaction: Transaction | undefined, code: ErrorCode, message: string, field?: string): ErrorResponse => ({
  ...withTransaction(transaction),
  status: 'error',
  error: field === undefined ? { code, message } : { code, message, field },
});
