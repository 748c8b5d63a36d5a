/**
 * Devices the bridge no longer has (left, removed, or lost to a new network). The bridge clears a
 * departed device's retained description, which an api that was away never sees; it also keeps a
 * retained record of the devices it no longer has (`…/removed`). At every (re)connect, and every
 * time that record changes, the api removes what those devices left behind (`plan.ts` says what,
 * `forget-devices.ts` does it in one transaction).
 */
import type { Logger } from 'pino';
import type { BridgeLink } from '../../services/bridge-link';
import { forgetDeparted, type ForgetDeps } from './forget-devices';
import { planDeparture } from './plan';

export interface RemovedDevicesDeps extends ForgetDeps {
  bridge: BridgeLink;
  logger: Logger;
}

/** Follows the bridge's record; the returned stop resolves once a running reconcile is done. */
export function followRemovedDevices(deps: RemovedDevicesDeps): () => Promise<void> {
  const logger = deps.logger.child({ module: 'removed-devices' });
  let chain: Promise<void> = Promise.resolve();
  const reconcile = async () => {
    // Link events that came first (a device joining again) are applied before the record is read.
    await Promise.all([deps.lights.settled(), deps.sensors.idle()]);
    const departure = planDeparture({
      removed: deps.bridge.removedDevices(),
      present: new Set(deps.bridge.devices().keys()),
      lights: deps.lights.live().map((entry) => ({ id: entry.row.id, ieee: entry.row.ieee })),
      sensors: deps.sensors.deviceSensors(),
    });
    logger.debug({ listed: deps.bridge.removedDevices().length, departed: departure.ieees }, 'checked the devices the bridge no longer has');
    await forgetDeparted({ ...deps, logger }, departure);
  };
  const run = () => {
    chain = chain.then(reconcile).catch((err: unknown) => logger.error({ err }, 'removing the resources of departed devices failed'));
  };
  const unsubscribe = deps.bridge.subscribe((event) => {
    if (event.kind === 'devices-removed') run();
  });
  // The record may have arrived while the models loaded.
  run();
  return async () => {
    unsubscribe();
    await chain;
  };
}
