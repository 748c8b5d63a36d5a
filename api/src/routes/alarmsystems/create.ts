import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';

/**
 * `POST /alarmsystems`: deCONZ answers 501 (only system 1 exists). herdgate does the same, with a
 * deCONZ error array instead of an empty body so clients see why.
 */
export function createAlarmSystem(_c: Context<AppEnv>): never {
  throw new DeconzError(
    { type: 901, address: '/alarmsystems', description: 'creating alarm systems is not supported; alarm system 1 exists' },
    { status: 501 },
  );
}
