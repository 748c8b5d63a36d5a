import { DeconzError } from '@herdgate/shared/errors';
import type { Services } from '../../context';
import type { DeviceEntry } from '../../resources/devices/types';

const MAC = /^([0-9a-f]{2}:){7}[0-9a-f]{2}$/;

export const notAvailable = (address: string) => new DeconzError({ type: 3, address, params: { path: address } });

/** The device a `/devices/<mac>` route addresses (MAC with colons, any case), or 404 type 3. */
export function findDevice(services: Services, raw: string, suffix = ''): { mac: string; entry: DeviceEntry } {
  const mac = raw.toLowerCase();
  const entry = MAC.test(mac) ? services.devices.entry(mac) : undefined;
  if (!entry) throw notAvailable(`/devices/${raw}${suffix}`);
  return { mac, entry };
}
