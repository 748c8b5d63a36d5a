import { DeconzError } from '@herdgate/shared/errors';
import { mapBridgeFailure } from '../../resources/bridge-outcome';

/** A refused Matter request as the deCONZ error the bridge's own failures map to. */
export function failMatter(outcome: { code: string; message: string }, address: string): never {
  const mapped = mapBridgeFailure(outcome.code, outcome.message, address);
  throw new DeconzError(mapped.error as never, { status: mapped.status });
}
