import { useApp } from '../components/context';
import { identity, Rename } from '../components/rename';
import { ago, Badge, Card, Empty, Slider, useAction } from '../components/ui';
import { useGateway } from '../state/store';
import type { Sensor } from '../state/types';
import { roomOf } from './device/facts';
import { deviceOf, label, lastHeard, needs, reading } from './sensor-words';

const HIDDEN = new Set(['lastupdated', 'lastset']);
const MODES = ['off', 'heat', 'auto', 'cool'];

function Thermostat({ id, sensor }: { id: string; sensor: Sensor }) {
  const { gateway } = useApp();
  const [run, busy] = useAction();
  const set = (config: Record<string, unknown>) => run(sensor.name, () => gateway.put(`/sensors/${id}/config`, config));
  const setpoint = typeof sensor.config.heatsetpoint === 'number' ? sensor.config.heatsetpoint : undefined;
  return (
    <div class="controls">
      {setpoint !== undefined && (
        <Slider
          label="Setpoint"
          min={500}
          max={3000}
          value={setpoint}
          format={(v) => `${(v / 100).toFixed(1)} °C`}
          disabled={busy}
          onCommit={(heatsetpoint) => set({ heatsetpoint: Math.round(heatsetpoint / 50) * 50 })}
        />
      )}
      {typeof sensor.config.mode === 'string' && (
        <label>
          Mode
          <select value={sensor.config.mode} disabled={busy} onChange={(e) => set({ mode: (e.target as HTMLSelectElement).value })}>
            {[...new Set([sensor.config.mode, ...MODES])].map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

export function SensorCard({ id, sensor }: { id: string; sensor: Sensor }) {
  const { store } = useApp();
  const reachable = sensor.config.reachable !== false;
  // A device sensor that never reported shows deCONZ's defaults (temperature 0): no reading to show.
  const unreported = sensor.type.startsWith('ZHA') && sensor.state.lastupdated === 'none';
  const values = Object.entries(sensor.state)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => [key, unreported ? null : value] as const);
  return (
    <Card
      title={sensor.name}
      label={`Sensor ${sensor.name}`}
      actions={
        <span>
          {typeof sensor.config.battery === 'number' && <Badge kind={sensor.config.battery < 20 ? 'bad' : 'info'}>Battery {sensor.config.battery} %</Badge>}{' '}
          {!reachable && <Badge kind="bad">unreachable</Badge>}
        </span>
      }
    >
      <p class="meta">
        {identity([sensor.modelid, sensor.type])} · last seen {ago(lastHeard(sensor))}
      </p>
      <Rename path={`/sensors/${id}`} name={sensor.name} done={() => store.refresh('sensors', id)} />
      <dl class="values" aria-live="polite">
        {values.map(([key, value]) => (
          <div key={key}>
            <dt>{label(key)}</dt>
            <dd>{reading(key, value)}</dd>
          </div>
        ))}
      </dl>
      {needs(sensor) && <p class="hint">{needs(sensor)}</p>}
      {sensor.type === 'ZHAThermostat' && <Thermostat id={id} sensor={sensor} />}
    </Card>
  );
}

/** Every sensor with its live values, battery, last seen and reachability; thermostats with controls. */
export function Sensors() {
  const { store } = useApp();
  const state = useGateway(store);
  // The gateway's own Daylight sensor and CLIP helpers after the real devices.
  const sensors = Object.entries(state.sensors).sort(
    ([, a], [, b]) => Number(a.type.startsWith('CLIP') || a.type === 'Daylight') - Number(b.type.startsWith('CLIP') || b.type === 'Daylight'),
  );
  if (sensors.length === 0) return <Empty>No sensors yet. Use “Add a device” to pair one.</Empty>;
  // One section per physical device: a motion sensor's presence, light level and temperature together.
  const byDevice = new Map<string, [string, Sensor][]>();
  for (const entry of sensors) {
    const key = deviceOf(entry[1], entry[0]);
    byDevice.set(key, [...(byDevice.get(key) ?? []), entry]);
  }
  // Devices by room (a device's room: one its lights are in or its switch is bound to), rooms in name order, devices without one last.
  const byRoom = new Map<string, [string, [string, Sensor][]][]>();
  for (const entry of byDevice) {
    const room = state.devices[entry[0]] ? (roomOf(state, entry[0]) ?? '') : '';
    byRoom.set(room, [...(byRoom.get(room) ?? []), entry]);
  }
  const rooms = [...byRoom].sort(([a], [b]) => ((a === '') !== (b === '') ? Number(a === '') - Number(b === '') : a.localeCompare(b)));
  return (
    <>
      {rooms.map(([room, devices]) => (
        <section key={room} aria-label={room ? `Room ${room}` : 'Not in a room'}>
          <h2>{room || (rooms.length > 1 ? 'Not in a room' : 'All sensors')}</h2>
          {devices.map(([key, members]) => {
            const device = state.devices[key];
            const title = device?.name ?? members[0]![1].name;
            return (
              <section key={key} class="device-sensors" aria-label={`Device ${title}`}>
                <h3>
                  {device ? <a href={`#/devices/${key}`}>{title}</a> : title}
                  {device?.modelid && <span class="meta"> · {device.modelid}</span>}
                </h3>
                <div class="grid">
                  {members.map(([id, sensor]) => (
                    <SensorCard key={id} id={id} sensor={sensor} />
                  ))}
                </div>
              </section>
            );
          })}
        </section>
      ))}
    </>
  );
}
