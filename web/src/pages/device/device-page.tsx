import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { useApp } from '../../components/context';
import { Rename } from '../../components/rename';
import { ago, Badge, Empty, useAction } from '../../components/ui';
import { useGateway } from '../../state/store';
import type { GatewayState } from '../../state/types';
import { LightCard } from '../light-card';
import { SensorCard } from '../sensors';
import { availability, linkOf, membersOf, powerWords, roomOf, type NetworkMapView } from './facts';
import { Firmware } from './firmware';
import { otauOf } from './firmware-words';
import { SensorSettings } from './settings';

function Facts({ state, mac, map }: { state: GatewayState; mac: string; map?: NetworkMapView }) {
  const device = state.devices[mac]!;
  const { sensors } = membersOf(state, mac);
  const available = availability(state, mac);
  const link = linkOf(map, mac);
  const rows: [string, preact.ComponentChildren][] = [
    ['Room', roomOf(state, mac) ?? 'none yet'],
    ['Model', [device.modelid, device.productid && device.productid !== device.modelid ? `(${device.productid})` : ''].filter(Boolean).join(' ') || 'unknown'],
    ['Vendor', device.manufacturername || 'unknown'],
    ['Firmware', device.swversion || 'unknown'],
    ['Power', powerWords(device, sensors)],
    ['Link quality', link ? `${link.lqi} / 255` : map ? 'not in the network map' : 'no network map yet'],
    ['Route', link ? `${link.depth} hop${link.depth === 1 ? '' : 's'} from the gateway, through ${link.via}` : '—'],
    ['Last seen', ago(device.lastseen)],
    ['Available', available === undefined ? <Badge kind="info">pairing</Badge> : available ? <Badge kind="ok">yes</Badge> : <Badge kind="bad">no</Badge>],
    ['Address', <code key="mac">{mac}</code>],
  ];
  return (
    <dl class="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Remove the device's lights and sensors; "also reset" asks the device to leave the network first. */
function Remove({ state, mac, name }: { state: GatewayState; mac: string; name: string }) {
  const { gateway, announce } = useApp();
  const [run, busy] = useAction();
  const [reset, setReset] = useState(true);
  const { lights, sensors } = membersOf(state, mac);
  const targets = [...lights.map(([id]) => `/lights/${id}`), ...sensors.map(([id]) => `/sensors/${id}`)];
  return (
    <details class="danger-zone">
      <summary>Remove this device</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(`Remove ${name}`, async () => {
            for (const [index, path] of targets.entries()) {
              // Once the device left, the gateway removes the rest itself: a 404 is that, not a failure.
              await gateway.delete(path, index === 0 && reset ? { reset: true } : undefined).catch((err) => {
                if (!(err instanceof ApiError && err.status === 404)) throw err;
              });
            }
            announce(`${name} removed`);
            location.hash = '#/devices';
          });
        }}
      >
        <p class="hint">
          Its {targets.length} light{targets.length === 1 ? '' : 's'} and sensor{targets.length === 1 ? '' : 's'} leave the app, with their rooms and rules.
        </p>
        <label class="check">
          <input type="checkbox" checked={reset} onChange={(e) => setReset((e.target as HTMLInputElement).checked)} />
          Also reset the device (it leaves the network and can be paired again)
        </label>
        <button type="submit" class="danger" disabled={busy || targets.length === 0}>
          {busy ? 'Removing…' : `Remove ${name}`}
        </button>
      </form>
    </details>
  );
}

/**
 * One physical device: what it is and how it is doing, its lights and sensors together, their
 * settings as fields, its firmware, and what can be done to it (rename, interview again, update, remove).
 */
export function DevicePage({ mac }: { mac: string }) {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const [map, setMap] = useState<NetworkMapView>();
  useEffect(() => {
    gateway.get<NetworkMapView>('/networkmap').then(
      (m) => setMap(m.nodes.length > 0 ? m : undefined),
      () => undefined,
    );
  }, [mac]);
  const device = state.devices[mac];
  if (!device)
    return (
      <Empty>
        No device {mac} here (it may have been removed). <a href="#/devices">All devices</a>
      </Empty>
    );
  const name = device.name ?? mac;
  const { lights, sensors } = membersOf(state, mac);
  const room = roomOf(state, mac);
  const otau = otauOf(device.otau);
  return (
    <article class="device-page" aria-label={`Device ${name}`}>
      <p>
        <a href="#/devices">← All devices</a>
      </p>
      <h2>{name}</h2>
      <Rename path={`/devices/${mac}`} name={name} what={`the device ${name}`} done={() => store.refreshDevice(mac)} />
      <Facts state={state} mac={mac} map={map} />
      <div class="button-row">
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            run(`Interview ${name}`, async () => {
              await gateway.put(`/devices/${mac}/ddf/reload`, {});
              announce(`${name} interviewed again: identity, reporting and values read back`);
            })
          }
        >
          {busy ? 'Asking the device…' : 'Interview again'}
        </button>
        <a class="button" href="#/settings">
          Backups
        </a>
        <a class="button" href={`#/logs/${mac}`}>
          Log entries
        </a>
      </div>
      <section aria-label={`${name}: lights and sensors`}>
        <h3>Lights and sensors</h3>
        {lights.length + sensors.length === 0 ? (
          <Empty>Nothing described yet: the device is still being interviewed.</Empty>
        ) : (
          <div class="grid">
            {lights.map(([id, light]) => (
              <LightCard key={id} id={id} light={light} room={room} />
            ))}
            {sensors.map(([id, sensor]) => (
              <SensorCard key={id} id={id} sensor={sensor} />
            ))}
          </div>
        )}
      </section>
      {sensors.length > 0 && (
        <section aria-label={`${name}: settings`}>
          <h3>Settings</h3>
          {sensors.map(([id, sensor]) => (
            <SensorSettings key={id} id={id} sensor={sensor} title={`${sensor.name} (${sensor.type.replace(/^ZHA/, '')})`} />
          ))}
        </section>
      )}
      {otau ? (
        <Firmware mac={mac} name={name} otau={otau} />
      ) : (
        <section aria-label={`${name}: firmware`}>
          <h3>Firmware</h3>
          <p class="hint">This device takes no firmware updates over the air.</p>
        </section>
      )}
      <Remove state={state} mac={mac} name={name} />
    </article>
  );
}
