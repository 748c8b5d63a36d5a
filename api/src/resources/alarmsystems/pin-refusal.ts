import { DeconzError } from '@herdgate/shared/errors';
import type { PinCheck } from './pin-checks';

/**
 * The REST answer to a refused PIN. A wrong PIN is type 7 as in deCONZ, without echoing the code;
 * a lock-out is 429 with a deCONZ error array saying for how long.
 */
export function pinRefusal(id: string, check: Exclude<PinCheck, { ok: true }>, now: number): DeconzError {
  const address = `/alarmsystems/${id}/code0`;
  if (check.reason === 'locked') {
    const seconds = Math.ceil((check.until - now) / 1000);
    return new DeconzError({ type: 7, address, description: `too many wrong codes, try again in ${seconds} seconds` }, { status: 429 });
  }
  return new DeconzError({ type: 7, address, params: { name: 'code0', value: '****' } });
}
