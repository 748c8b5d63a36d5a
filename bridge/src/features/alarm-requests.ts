import { topics, type RequestPayloads, type ResponsePayloads } from '@herdgate/shared/mqtt';
import type { Lane } from '../commands/index';
import { RadioError } from '../zigbee/radio-error';
import type { FeatureDeps } from './types';

type AlarmName = 'alarm/keypad_key' | 'alarm/state' | 'alarm/arm_response';
type Handlers = { [K in AlarmName]: (payload: Omit<RequestPayloads[K], 'transaction'>) => Promise<ResponsePayloads[K]> };
type Queued = <T>(lane: Lane, description: string, run: () => Promise<T>) => Promise<T>;

/**
 * The alarm requests the api sends: its key for sealing keypad PINs, the alarm state (published
 * retained and shown on the system's keypads) and the arm response to one keypad command.
 */
export function createAlarmRequestHandlers(deps: FeatureDeps, queued: Queued): Handlers {
  const { radio, registry, bus } = deps;
  /** Bridge-owned keypad items (`panel`, `seconds_remaining`, an `invalid_code` action) into its state. */
  const show = (ieee: string, endpoint: number, values: Record<string, string | number>) => {
    for (const change of registry.apply(ieee, endpoint, values)) bus.emit('endpointChanged', { ieee, change });
  };
  const keypad = (ieee: string) => {
    if (!registry.get(ieee)) throw new RadioError(`keypad ${ieee} is not known to this bridge`, 'unsupported');
  };

  return {
    async 'alarm/keypad_key'({ public_key: publicKey }) {
      await deps.keypadSeal.setKey(publicKey);
      return { accepted: true };
    },
    async 'alarm/state'({ alarmsystem, state, keypads }) {
      await deps.link.publish(topics.alarmState(deps.topics, alarmsystem), state, { retain: true });
      // Each keypad on its own lane; a sleeping or gone one does not hold up the others.
      const results = await Promise.all(
        keypads.map(async ({ ieee, endpoint }) => {
          try {
            keypad(ieee);
            await queued({ kind: 'device', ieee }, `panel ${state.armstate} to ${ieee}/${endpoint}`, () => radio.keypadPanel(ieee, endpoint, state));
            show(ieee, endpoint, { panel: state.armstate, seconds_remaining: state.seconds_remaining });
            return { ieee, endpoint, ok: true };
          } catch (err) {
            return { ieee, endpoint, ok: false, error: err instanceof Error ? err.message : String(err) };
          }
        }),
      );
      return { alarmsystem, keypads: results };
    },
    async 'alarm/arm_response'({ ieee, endpoint, result, seq }) {
      keypad(ieee);
      await queued({ kind: 'device', ieee }, `arm response ${result} to ${ieee}/${endpoint}`, () => radio.keypadArmResponse(ieee, endpoint, result, seq));
      // deCONZ shows a refused PIN as the keypad's last action.
      if (result === 'invalid_code') show(ieee, endpoint, { action: 'invalid_code' });
      return { ieee, endpoint, result };
    },
  };
}
