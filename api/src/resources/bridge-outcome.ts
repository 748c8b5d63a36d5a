import type { ErrorItemInput } from '@herdgate/shared/errors';

/** A bridge failure as the deCONZ error clients understand, with the HTTP status to answer with. */
export interface MappedFailure {
  error: ErrorItemInput;
  status: 200 | 400 | 404 | 503;
}

/** Codes meaning "sent, but the device did not confirm" (docs/mqtt.md "Errors"). */
const UNREACHABLE = new Set(['unreachable', 'no_ack', 'timeout']);

/**
 * The parameter a `not_supported` answer blames: the bridge's `field` when the link carries it,
 * else the item its message starts with (`xy: not supported by Dimmable light`).
 */
export function unsupportedField(message: string, field?: string): string | undefined {
  return field ?? /^([a-z_]+):/.exec(message)?.[1];
}

/**
 * Map a bridge error code (docs/mqtt.md) to deCONZ: unreachable devices are 202 with 200, as the
 * original answers; an item the device cannot carry is 6 naming it (200 on a light state, as the
 * original answers per parameter); a full queue 951, a down network 950; anything else 901
 * carrying the reason, so the client learns why instead of a bare failure. `superseded` never
 * reaches here for a light write: it answers as the newest write did (latest-writes.ts).
 */
export function mapBridgeFailure(code: string, message: string, address: string, stateAddress = address, field?: string): MappedFailure {
  if (UNREACHABLE.has(code)) return { error: { type: 202, address: stateAddress, params: { path: stateAddress } }, status: 200 };
  const unsupported = code === 'not_supported' ? unsupportedField(message, field) : undefined;
  if (unsupported) return { error: { type: 6, address: `${address}/${unsupported}`, params: { name: unsupported } }, status: 200 };
  if (code === 'busy') return { error: { type: 951, address }, status: 503 };
  if (code === 'not_connected') return { error: { type: 950, address }, status: 503 };
  if (code === 'not_found') return { error: { type: 3, address, params: { path: address } }, status: 404 };
  return { error: { type: 901, address, params: { reason: `${code}: ${message}` } }, status: 503 };
}
