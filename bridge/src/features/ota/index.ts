import { topics } from '@herdgate/shared/mqtt';
import type { Feature, FeatureDeps } from '../types';

/**
 * Device firmware updates on the contract: the retained `<base>/devices/<ieee>/ota` of every
 * device with an OTA client, kept current from the tracker (tracker.ts), cleared when the device
 * leaves, all of them again after a reconnect; after a successful update the device's description
 * again, with the new build id as its `swversion`. The `device/ota` request is answered in requests.ts.
 */
export function otaUpdates(deps: FeatureDeps): Feature {
  const { link, bus, config } = deps;
  const base = config.mqtt.baseTopic;
  const log = deps.logger.child({ feature: 'ota' });
  const offs: Array<() => void> = [];
  // The radio's events have no unsubscribe: a stopped feature ignores them.
  let stopped = false;
  const send = (ieee: string, ota: unknown) => {
    link.publish(topics.deviceOta(base, ieee), ota, { retain: true }).catch((err: unknown) => log.error({ err, ieee }, 'publishing the OTA state failed'));
  };
  const publishAll = () => {
    for (const { ieee, ota } of deps.ota.all()) send(ieee, ota);
  };
  return {
    name: 'ota',
    start() {
      offs.push(
        bus.on('otaChanged', ({ ieee, ota }) => send(ieee, ota)),
        bus.on('deviceRemoved', ({ ieee }) => {
          if (!deps.ota.state(ieee)) return;
          deps.ota.forget(ieee);
          link.clear(topics.deviceOta(base, ieee)).catch((err: unknown) => log.error({ err, ieee }, 'clearing the OTA state failed'));
        }),
      );
      stopped = false;
      // The new image's build id (read back after the update) is the device's `swversion`.
      deps.radio.on('otaDone', ({ ieee, ok }) => {
        const device = ok && !stopped ? deps.radio.device(ieee) : undefined;
        if (device) bus.emit('deviceUpdated', { description: deps.registry.upsert(device) });
      });
      deps.radio.ota.setActive(deps.status.options.ota);
      deps.ota.start();
      link.onConnect(publishAll);
    },
    stop() {
      stopped = true;
      for (const off of offs.splice(0)) off();
    },
  };
}
