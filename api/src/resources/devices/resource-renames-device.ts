import type { Logger } from 'pino';
import type { Services } from '../../context';
import { NAME_MAX } from '../lights/default-name';

/**
 * One name per device: a REST rename of the resource that stands for its device (its only light;
 * for a device without lights, a sensor that carried the device's name) renames the device on the
 * bridge too, so its Zigbee2MQTT friendly name and topics follow; the device's other sensors that
 * carried the old name follow it back. The resource's own rename is already committed: a bridge
 * that is away or refuses leaves the device's name as it was (logged), as a REST rename of a light
 * of a multi-light device always does.
 */
export async function renameDeviceOf(
  services: Services,
  logger: Logger,
  resource: { ieee?: string; kind: 'light' | 'sensor'; before: string; name: string },
): Promise<void> {
  const device = resource.ieee === undefined ? undefined : services.bridge.devices().get(resource.ieee);
  if (!device || device.name === resource.name) return;
  const lights = device.subdevices.filter((s) => s.resource === 'lights').length;
  const standsFor = resource.kind === 'light' ? lights === 1 : lights === 0 && resource.before === device.name.slice(0, NAME_MAX);
  if (!standsFor || !services.bridge.connected()) return;
  const outcome = await services.bridge.request('device/rename', { ieee: device.ieee, name: resource.name.slice(0, 32) });
  if (outcome.status === 'error') logger.warn({ ieee: device.ieee, reason: outcome.message }, 'the device keeps its name');
}
