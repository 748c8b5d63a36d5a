import type { DeviceDescription } from '@herdgate/shared/mqtt';
import type { Services } from '../../context';
import { lightNameFrom, NAME_MAX } from '../lights/default-name';

/**
 * The device was renamed from `before`: each of its lights and sensors that still carries the name
 * it got from the device follows the new one; one renamed on its own keeps its name. Each write is
 * committed before this resolves, and each pushes its resource's own `changed` event.
 */
export async function followDeviceName(services: Services, device: DeviceDescription, before: string, after: string): Promise<void> {
  const lights = device.subdevices.filter((sub) => sub.resource === 'lights');
  for (const entry of services.lights.live()) {
    if (entry.row.ieee !== device.ieee) continue;
    const index = lights.findIndex((sub) => sub.uniqueid === entry.row.uniqueid);
    if (index < 0 || entry.row.name !== lightNameFrom(before, index, lights.length)) continue;
    const release = services.lights.gate.hold(entry.row.id);
    try {
      await services.lights.rename(entry, lightNameFrom(after, index, lights.length));
    } finally {
      release();
    }
  }
  for (const { id, ieee } of services.sensors.deviceSensors()) {
    const record = ieee === device.ieee ? services.sensors.find(id) : undefined;
    if (record && record.name === before.slice(0, NAME_MAX)) await services.sensors.rename(record, { name: after.slice(0, NAME_MAX) });
  }
}
