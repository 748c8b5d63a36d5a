import type { ErrorCode } from '@herdgate/shared/mqtt';
import { RadioError, type FailureReason } from '../zigbee/radio-error';

/** Radio failure reasons -> contract error codes. */
const CODES: Record<FailureReason, ErrorCode> = {
  no_ack: 'no_ack',
  timeout: 'timeout',
  offline: 'not_connected',
  unsupported: 'not_supported',
  superseded: 'superseded',
  busy: 'busy',
  expired: 'expired',
  error: 'internal',
  no_image: 'no_image',
  refused: 'refused',
  transfer_failed: 'transfer_failed',
  aborted: 'aborted',
};

export const errorCodeOf = (reason: FailureReason): ErrorCode => CODES[reason];

/** A request refused with a contract code of its own (`busy`, `not_connected`, `not_supported`). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export function describeError(err: unknown): { code: ErrorCode; message: string } {
  if (err instanceof RequestError) return { code: err.code, message: err.message };
  if (err instanceof RadioError) return { code: errorCodeOf(err.reason), message: err.message };
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
