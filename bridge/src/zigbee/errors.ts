import { RadioError, type FailureReason } from './radio-error';

/**
 * herdsman reports failures as plain Errors whose text names the cause (APS confirm statuses,
 * timeouts, ZCL status codes). Classify them once here so everything above sees a reason code.
 */
const RULES: Array<[RegExp, FailureReason]> = [
  [/NoAck|no.?ack|0xe9|0xa7|route|Delivery failed|MacTransactionExpired|0xf0/i, 'no_ack'],
  // Before timeouts: herdsman's text quotes the request options ({"timeout":10000,…}) whatever failed.
  [/UNSUP|not supported|No converter/i, 'unsupported'],
  [/timeout|timed out/i, 'timeout'],
  [/adapter.*disconnect|not started|stopping|NO_NETWORK/i, 'offline'],
];

export function classify(err: unknown): FailureReason {
  const text = err instanceof Error ? err.message : String(err);
  for (const [pattern, reason] of RULES) if (pattern.test(text)) return reason;
  return 'error';
}

/** Wrap a radio failure with what was attempted: "set 0x… ep 11 state=ON: <herdsman text>". */
export function wrapRadioError(attempt: string, err: unknown): RadioError {
  if (err instanceof RadioError) return err;
  const text = err instanceof Error ? err.message : String(err);
  return new RadioError(`${attempt}: ${text}`, classify(err), { cause: err });
}
