import { DeconzError } from '@herdgate/shared/errors';
import type { TouchlinkRefusal } from '../../services/touchlink';

/** An unknown result id is 404 (type 3); a busy, away or unable radio 503 (951 busy, else 901 with the reason). */
export function touchlinkError(path: string, refusal: TouchlinkRefusal): DeconzError {
  if (refusal.status === 404) return new DeconzError({ type: 3, address: path, params: { path } });
  if (refusal.busy) return new DeconzError({ type: 951, address: path });
  return new DeconzError({ type: 901, address: path, params: { reason: refusal.reason } });
}
