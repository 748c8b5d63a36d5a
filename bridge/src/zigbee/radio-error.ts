/**
 * Why a radio operation failed, as the zigbee layer classifies it (errors.ts) and every layer above
 * reports it: `no_ack`, `timeout`, `offline` and `unsupported` come from the radio; `superseded`,
 * `busy` and `expired` from the command queue; the OTA reasons from a firmware update; `error` is anything else.
 */
export type FailureReason = 'no_ack' | 'timeout' | 'offline' | 'unsupported' | 'superseded' | 'busy' | 'expired' | 'error' | OtaFailureReason;
/** How a device firmware update fails (zigbee/ota): no image in the sources, the device declined, the transfer broke, someone aborted. */
export type OtaFailureReason = 'no_image' | 'refused' | 'transfer_failed' | 'aborted';

/** A radio failure already classified by the zigbee layer; `message` says what was attempted. */
export class RadioError extends Error {
  readonly reason: FailureReason;
  /** The key the device cannot take, for an `unsupported` failure that names one. */
  readonly field?: string;
  constructor(message: string, reason: FailureReason, options?: { cause?: unknown; field?: string }) {
    super(message, options);
    this.name = 'RadioError';
    this.reason = reason;
    if (options?.field !== undefined) this.field = options.field;
  }
}
