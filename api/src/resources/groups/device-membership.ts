import type { Logger } from 'pino';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import type { BridgeLink } from '../../services/bridge-link';
import type { SensorResource, SensorsReader } from '../sensors/types';
import type { GroupsModel } from './groups-model';

/**
 * A group's `devicemembership` (the spec: the sensors of the devices that control the group):
 * for every device binding to a group that the bridge reports (a remote or switch whose buttons
 * groupcast to it), the sensors on the bound endpoint, by id in numeric order.
 */
export function membershipByGroup(devices: Iterable<DeviceDescription>, sensors: Readonly<Record<string, Readonly<SensorResource>>>): Map<string, string[]> {
  const byGroup = new Map<string, Set<string>>();
  for (const device of devices) {
    for (const binding of device.bindings ?? []) {
      if (binding.group === undefined) continue;
      const prefix = `${device.uniqueid}-${binding.endpoint.toString(16).padStart(2, '0')}`;
      const ids = Object.entries(sensors)
        .filter(([, sensor]) => sensor.uniqueid === prefix || sensor.uniqueid.startsWith(`${prefix}-`))
        .map(([id]) => id);
      if (ids.length === 0) continue;
      const group = String(binding.group);
      const set = byGroup.get(group) ?? new Set<string>();
      for (const id of ids) set.add(id);
      byGroup.set(group, set);
    }
  }
  return new Map([...byGroup].map(([group, ids]) => [group, [...ids].sort((a, b) => Number(a) - Number(b))]));
}

/**
 * `wanted` for one group, plus the stored members whose device the bridge has not described (yet):
 * after a start the retained descriptions arrive one by one, and a device the bridge has not
 * reported again has not changed its bindings. A sensor that is gone (its device left) is dropped.
 */
export function withUnreported(
  stored: readonly string[],
  wanted: readonly string[],
  devices: Iterable<DeviceDescription>,
  sensors: Readonly<Record<string, Readonly<SensorResource>>>,
): string[] {
  const described = new Set([...devices].map((device) => device.uniqueid));
  const unreported = stored.filter((id) => {
    const sensor = sensors[id];
    return sensor !== undefined && !described.has(sensor.uniqueid.split('-')[0]!);
  });
  return [...new Set([...wanted, ...unreported])].sort((a, b) => Number(a) - Number(b));
}

export interface DeviceMembershipDeps {
  bridge: BridgeLink;
  sensors: SensorsReader;
  groups: GroupsModel;
  logger: Logger;
}

/**
 * Keep every group's stored `devicemembership` equal to what the bindings say, whenever a device
 * description, a sensor or a group comes or goes. A change is a store write, so ETags, cached
 * bodies and the group's `changed` event follow as for any other group change.
 */
export function followDeviceMembership(deps: DeviceMembershipDeps): () => void {
  const log = deps.logger.child({ module: 'group-device-membership' });
  let queue = Promise.resolve();
  const sync = () => {
    queue = queue.then(apply).catch((err: unknown) => log.error({ err }, 'updating group device membership failed'));
  };
  const apply = async () => {
    const devices = [...deps.bridge.devices().values()];
    const sensors = deps.sensors.list();
    const wanted = membershipByGroup(devices, sensors);
    for (const entry of deps.groups.live()) {
      const next = withUnreported(entry.record.devicemembership, wanted.get(entry.record.id) ?? [], devices, sensors);
      if (next.join(',') === entry.record.devicemembership.join(',')) continue;
      await deps.groups.modify(entry, (current) => ({ ...current, devicemembership: next }));
    }
  };
  const stops = [
    deps.bridge.subscribe((event) => {
      if (event.kind === 'device' || event.kind === 'device-removed') sync();
    }),
    deps.sensors.subscribe((change) => {
      if (!change.before || !change.after) sync();
    }),
    deps.groups.onChange((change) => {
      if (change.kind === 'added') sync();
    }),
  ];
  sync();
  return () => {
    for (const stop of stops) stop();
  };
}
