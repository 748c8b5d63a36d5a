import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { useHashRoute } from '../components/route';
import { ago, Badge, Empty } from '../components/ui';
import { otauOf, type Otau } from './device/firmware-words';
import { useGateway } from '../state/store';
import { DevicePage } from './device/device-page';
import { availability, linkOf, roomOf, type NetworkMapView } from './device/facts';

/**
 * `GET /devices` with each Device object: name (a link to its page), room, model, firmware, last
 * seen, availability, and the best link quality a neighbour reports for it (from the network map).
 * `#/devices/<mac>` is that device's own page.
 */
export function Devices() {
  const route = useHashRoute();
  const mac = route.split('/')[1];
  return mac ? <DevicePage mac={mac} /> : <DeviceList />;
}

function DeviceList() {
  const { gateway, store } = useApp();
  const state = useGateway(store);
  const [map, setMap] = useState<NetworkMapView>();
  useEffect(() => {
    gateway.get<NetworkMapView>('/networkmap').then(setMap, () => undefined);
  }, []);
  const devices = Object.entries(state.devices).sort(([, a], [, b]) => (a.name ?? '').localeCompare(b.name ?? ''));
  if (devices.length === 0) return <Empty>No devices yet. Use “Add a device” to pair one.</Empty>;
  return (
    <table class="devices">
      <caption class="sr-only">Paired devices</caption>
      <thead>
        <tr>
          <th>Name</th>
          <th>Room</th>
          <th>Model</th>
          <th>Firmware</th>
          <th>Last seen</th>
          <th>Available</th>
          <th>Link quality</th>
        </tr>
      </thead>
      <tbody>
        {devices.map(([mac, device]) => {
          const available = availability(state, mac);
          const link = linkOf(map, mac);
          return (
            <tr key={mac}>
              <td data-label="Name">
                <a href={`#/devices/${mac}`}>
                  <strong>{device.name ?? mac}</strong>
                </a>
              </td>
              <td data-label="Room">{roomOf(state, mac) ?? '—'}</td>
              <td data-label="Model">
                {device.manufacturername ?? '?'} {device.modelid ?? ''}
              </td>
              <td data-label="Firmware">
                {device.swversion || '—'}
                <FirmwareBadge otau={otauOf(device.otau)} />
              </td>
              <td data-label="Last seen">{ago(device.lastseen)}</td>
              <td data-label="Available">
                {available === undefined ? <Badge kind="info">pairing</Badge> : available ? <Badge kind="ok">yes</Badge> : <Badge kind="bad">no</Badge>}
              </td>
              <td data-label="Link quality">{link ? `${link.lqi} / 255` : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** An update the device can take, or one running or waiting: said beside its firmware in the list. */
function FirmwareBadge({ otau }: { otau: Otau | undefined }) {
  if (!otau || otau.state === 'idle') return null;
  const words =
    otau.state === 'available' ? 'update available' : otau.state === 'scheduled' ? 'update waits for check-in' : `updating ${Math.floor(otau.progress)} %`;
  return (
    <>
      {' '}
      <Badge kind="info">{words}</Badge>
    </>
  );
}
