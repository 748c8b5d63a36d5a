/**
 * Alarm systems (issue #9): the model (libSQL-backed, on the injected clock), the pure state
 * machine, PIN lock-out and the triggers from member devices. Routes use `AlarmSystemsModel`.
 */
import type { LightsModel } from '../lights/lights-model';
import type { SensorsReader } from '../sensors';
import type { BridgeLink } from '../../services/bridge-link';
import { followKeypads } from './keypads';
import { AlarmSystemsModel, type AlarmSystemsDeps } from './model';
import { followTriggers } from './triggers';

export { AlarmSystemsModel } from './model';
export type { PinCheck } from './pin-checks';
export type { AlarmDevice, AlarmSystemRecord } from './repository';

export interface OpenAlarmsDeps extends AlarmSystemsDeps {
  sensors: SensorsReader;
  lights: LightsModel;
  bridge: BridgeLink;
}

export async function openAlarmSystems(deps: OpenAlarmsDeps): Promise<{ model: AlarmSystemsModel; close(): void }> {
  const model = await AlarmSystemsModel.open(deps);
  const unfollow = followTriggers({
    model,
    sensors: deps.sensors,
    onLightChange: (listener) => deps.lights.onChange(listener),
    onError: (err) => deps.logger.error({ err }, 'alarm trigger failed'),
  });
  const unfollowKeypads = await followKeypads({ model, sensors: deps.sensors, bridge: deps.bridge, clock: deps.clock, logger: deps.logger });
  return {
    model,
    close() {
      unfollowKeypads();
      unfollow();
      model.close();
    },
  };
}
