import { DeconzError } from '@herdgate/shared/errors';
import type { TouchlinkRefusal } from '../../services/touchlink';

/**
 * An unknown result id is 404 (type 3); a radio away 503/950 "Not connected" (clients show it as
 * such, where they retry 901), busy 951, unable or failed 901 with the reason.
 */
export function touchlinkError(path: string, refusal: TouchlinkRefusal): DeconzError {
  if (refusal.type === 3) return new DeconzError({ type: 3, address: path, params: { path } });
  if (refusal.type === 901) return new DeconzError({ type: 901, address: path, params: { reason: refusal.reason } });
  return new DeconzError({ type: refusal.type, address: path });
}
