import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { ago, Badge, Empty } from '../components/ui';
import { macOf } from '../state/apply-event';
import { useGateway } from '../state/store';
import type { GatewayState } from '../state/types';

interface MapLink { source: string; target: string; lqi: number }

/** Reachable when any of its lights or sensors says so; unknown when it has none yet. */
function availability(state: GatewayState, mac: string): boolean | undefined {
  const flags = [
    ...Object.values(state.lights).filter((l) => macOf(l.uniqueid) === mac).map((l) => l.state.reachable !== false),
    ...Object.values(state.sensors).filter((s) => macOf(s.uniqueid) === mac).map((s) => s.config.reachable !== false),
  ];
  return flags.length === 0 ? undefined : flags.some(Boolean);
}

const ieeeOf = (mac: string) => `0x${mac.replace(/:/g, '')}`;

/**
 * `GET /devices` with each Device object: model, firmware, last seen, availability, and the best
 * link quality a neighbour reports for it (from the network map, when the gateway has one).
 */
export function Devices() {
  const { gateway, store } = useApp();
  const state = useGateway(store);
  const [lqi, setLqi] = useState<Record<string, number>>({});
  useEffect(() => {
    gateway.get<{ links?: MapLink[] }>('/networkmap').then((map) => {
      const best: Record<string, number> = {};
      for (const link of map.links ?? []) for (const end of [link.source, link.target]) best[end] = Math.max(best[end] ?? 0, link.lqi);
      setLqi(best);
    }, () => undefined);
  }, []);
  const devices = Object.entries(state.devices);
  if (devices.length === 0) return <Empty>No devices yet. Use “Add a device” to pair one.</Empty>;
  return (
    <table>
      <caption class="sr-only">Paired devices</caption>
      <thead><tr><th>Name</th><th>Model</th><th>Firmware</th><th>Last seen</th><th>Available</th><th>Link quality</th></tr></thead>
      <tbody>
        {devices.map(([mac, device]) => {
          const available = availability(state, mac);
          const quality = lqi[ieeeOf(mac)];
          return (
            <tr key={mac}>
              <td data-label="Name"><strong>{device.name ?? mac}</strong><br /><code class="meta">{mac}</code></td>
              <td data-label="Model">{device.manufacturername ?? '?'} {device.modelid ?? ''}</td>
              <td data-label="Firmware">{device.swversion || '—'}</td>
              <td data-label="Last seen">{ago(device.lastseen)}</td>
              <td data-label="Available">{available === undefined ? <Badge kind="info">pairing</Badge> : available ? <Badge kind="ok">yes</Badge> : <Badge kind="bad">no</Badge>}</td>
              <td data-label="Link quality">{quality === undefined ? '—' : `${quality} / 255`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
