import { RadioError, type FailureReason } from '../zigbee/radio-error';

/**
 * What really happened to a command. `acknowledged`: the device answered (ZCL default response or
 * APS ack). `sent`: a groupcast or broadcast left the coordinator; nobody acknowledges those, so we
 * do not pretend they were. `failed`: never reached the device, with a reason a client can act on.
 */
export type CommandOutcome =
  | { status: 'acknowledged'; description: string }
  | { status: 'sent'; description: string }
  /** `field`: the command item a device cannot carry, where the failure names one (`unsupported`). */
  | { status: 'failed'; reason: FailureReason; description: string; message: string; field?: string };

export function failed(description: string, reason: FailureReason, detail: string): CommandOutcome {
  return { status: 'failed', reason, description, message: `${description}: ${detail}` };
}

/** Turn whatever a sender threw into a failed outcome that keeps the attempted command in its text. */
export function outcomeFromError(description: string, err: unknown): CommandOutcome {
  if (err instanceof RadioError) return { ...failed(description, err.reason, err.message), ...(err.field !== undefined ? { field: err.field } : {}) };
  const text = err instanceof Error ? err.message : String(err);
  return failed(description, 'error', text);
}
