import { DeconzError } from '@herdgate/shared/errors';
import { mapBridgeFailure } from '../../resources/bridge-outcome';

/**
 * A refused Matter request as the deCONZ error the bridge's own failures map to, except silence:
 * "device not responding" (202 with 200) is about a Zigbee device, while a Matter process that
 * did not answer is a gateway failure (503 type 901 carrying why).
 */
export function failMatter(outcome: { code: string; message: string }, address: string): never {
  if (outcome.code === 'timeout') throw new DeconzError({ type: 901, address, params: { reason: outcome.message } }, { status: 503 });
  const mapped = mapBridgeFailure(outcome.code, outcome.message, address);
  throw new DeconzError(mapped.error as never, { status: mapped.status });
}
