import type { ErrorItemInput } from '@herdgate/shared/errors';

/** A bridge failure as the deCONZ error clients understand, with the HTTP status to answer with. */
export interface MappedFailure {
  error: ErrorItemInput;
  status: 200 | 400 | 404 | 503;
}

/** Codes meaning "sent, but the device did not confirm" (docs/mqtt.md "Errors"). */
const UNREACHABLE = new Set(['unreachable', 'no_ack', 'timeout']);

/**
 * Map a bridge error code (docs/mqtt.md) to deCONZ: unreachable devices are 202 with 200, as the
 * original answers; a full queue 951, a down network 950; anything else 901 carrying the reason,
 * so the client learns why instead of a bare failure.
 */
export function mapBridgeFailure(code: string, message: string, address: string, stateAddress = address): MappedFailure {
  if (UNREACHABLE.has(code)) return { error: { type: 202, address: stateAddress, params: { path: stateAddress } }, status: 200 };
  if (code === 'busy') return { error: { type: 951, address }, status: 503 };
  if (code === 'not_connected') return { error: { type: 950, address }, status: 503 };
  if (code === 'not_found') return { error: { type: 3, address, params: { path: address } }, status: 404 };
  return { error: { type: 901, address, params: { reason: `${code}: ${message}` } }, status: 503 };
}
