import type { Services } from '../../context';
import { followDeviceName } from './follow-name';

/**
 * A device renamed on the bridge (its Zigbee2MQTT API's `device/rename`, or any other client of
 * the contract): its lights and sensors that still carry the name they got from it follow, as
 * after a REST rename, so the device keeps one name in both APIs. After a REST rename this finds
 * nothing left to do.
 */
export function followBridgeNames(services: Services): () => void {
  const log = services.logger.child({ component: 'bridge-names' });
  const names = new Map<string, string>();
  for (const device of services.bridge.devices().values()) names.set(device.ieee, device.name);
  let chain = Promise.resolve();
  const off = services.bridge.subscribe((event) => {
    if (event.kind === 'device-removed') names.delete(event.ieee);
    if (event.kind !== 'device') return;
    const { device } = event;
    const before = names.get(device.ieee);
    names.set(device.ieee, device.name);
    if (before === undefined || before === device.name) return;
    // One at a time: two quick renames end with the second name.
    chain = chain
      .then(() => followDeviceName(services, device, before, device.name))
      .catch((err: unknown) => log.error({ err, ieee: device.ieee }, 'following a device name failed'));
  });
  return off;
}
