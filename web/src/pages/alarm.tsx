import { useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { Badge, Empty, FieldError, useAction } from '../components/ui';
import { useGateway } from '../state/store';
import type { AlarmSystem, GatewayState } from '../state/types';
import { listOf, openZones, pinWords } from './alarm-words';

const ARM = [
  { path: 'arm_away', label: 'Arm away' },
  { path: 'arm_stay', label: 'Arm stay' },
  { path: 'arm_night', label: 'Arm night' },
  { path: 'disarm', label: 'Disarm' },
];
const MASKS = ['A', 'S', 'N'];

function deviceName(state: GatewayState, uniqueid: string): string {
  const all = [...Object.values(state.sensors), ...Object.values(state.lights)] as { uniqueid?: string; name: string }[];
  return all.find((r) => r.uniqueid === uniqueid)?.name ?? uniqueid;
}

/** Candidates to take part: sensors that can trigger (open, presence, vibration) not in yet. */
function candidates(state: GatewayState, system: AlarmSystem): { uniqueid: string; name: string }[] {
  return Object.values(state.sensors)
    .filter((s) => s.uniqueid && !(s.uniqueid in system.devices) && ['ZHAOpenClose', 'ZHAPresence', 'ZHAVibration', 'ZHAAncillaryControl'].includes(s.type))
    .map((s) => ({ uniqueid: s.uniqueid!, name: s.name }));
}

function Panel({ id, system }: { id: string; system: AlarmSystem }) {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [run, busy] = useAction();
  const [adding, setAdding] = useState('');
  // Open doors or windows the mode watches: named, and armed only when the user says so.
  const [open, setOpen] = useState<{ path: string; zones: string[] }>();
  const arm = (path: string, anyway = false) => {
    const zones = openZones(state, system, path);
    if (!anyway && zones.length > 0) return setOpen({ path, zones });
    setOpen(undefined);
    return run('Alarm', async () => {
      setError(undefined);
      try {
        await gateway.put(`/alarmsystems/${id}/${path}`, { code0: code });
        setCode('');
      } catch (err) {
        setError(pinWords(err));
      }
    });
  };
  const armstate = system.state.armstate ?? 'unknown';
  const seconds = system.state.seconds_remaining ?? 0;
  return (
    <section class="card" aria-labelledby={`alarm-${id}`}>
      <h2 id={`alarm-${id}`}>{system.name}</h2>
      <p class="countdown" role="status" aria-live="assertive">
        <Badge kind={armstate === 'in_alarm' ? 'bad' : armstate === 'disarmed' ? 'ok' : 'warn'}>{armstate.replace(/_/g, ' ')}</Badge>
        {seconds > 0 && <span> {seconds} s</span>}
      </p>
      {!system.config.configured && <p class="hint">No PIN is set yet: set one below before arming.</p>}
      <form onSubmit={(e) => e.preventDefault()}>
        <label>
          PIN
          <input
            type="password"
            inputMode="numeric"
            autocomplete="off"
            value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            aria-describedby="pin-error"
          />
        </label>
        <FieldError id="pin-error" error={error} />
        <div class="button-row">
          {ARM.map((a) => (
            <button key={a.path} type="button" class={a.path === 'disarm' ? 'primary' : ''} disabled={busy} onClick={() => void arm(a.path)}>
              {a.label}
            </button>
          ))}
        </div>
        {open && (
          <div class="warning" role="alert">
            <p>
              {listOf(open.zones)} {open.zones.length === 1 ? 'is' : 'are'} open. Close {open.zones.length === 1 ? 'it' : 'them'} first, or arm anyway.
            </p>
            <div class="button-row">
              <button type="button" class="danger" disabled={busy} onClick={() => void arm(open.path, true)}>
                Arm anyway
              </button>
              <button type="button" class="quiet" onClick={() => setOpen(undefined)}>
                Don't arm
              </button>
            </div>
          </div>
        )}
        <button
          type="button"
          class="quiet"
          disabled={busy || code.length < 4}
          onClick={() =>
            run('PIN', async () => {
              await gateway.put(`/alarmsystems/${id}/config`, { code0: code });
              setCode('');
              announce('PIN set');
            })
          }
        >
          Set this as the PIN
        </button>
      </form>
      <h3>Devices taking part</h3>
      {Object.keys(system.devices).length === 0 ? (
        <Empty>No device takes part yet.</Empty>
      ) : (
        <ul>
          {Object.entries(system.devices).map(([uniqueid, device]) => (
            <li key={uniqueid}>
              {deviceName(state, uniqueid)}{' '}
              <span class="meta">
                {device.armmask ?? ''} {device.trigger ?? ''}
              </span>{' '}
              <button
                type="button"
                class="quiet danger"
                disabled={busy}
                aria-label={`Remove ${deviceName(state, uniqueid)}`}
                onClick={() =>
                  run('Remove', async () => {
                    await gateway.delete(`/alarmsystems/${id}/device/${uniqueid}`);
                    await store.load();
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <label>
          Add a device
          <select value={adding} onChange={(e) => setAdding((e.target as HTMLSelectElement).value)}>
            <option value="">Choose…</option>
            {candidates(state, system).map((c) => (
              <option key={c.uniqueid} value={c.uniqueid}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={busy || adding === ''}
          onClick={() =>
            run('Add', async () => {
              const keypad = state.sensors[Object.keys(state.sensors).find((k) => state.sensors[k]!.uniqueid === adding)!]?.type === 'ZHAAncillaryControl';
              await gateway.put(`/alarmsystems/${id}/device/${adding}`, keypad ? {} : { armmask: MASKS.join('') });
              setAdding('');
              await store.load();
            })
          }
        >
          Add (away, stay and night)
        </button>
      </div>
    </section>
  );
}

export function Alarm() {
  const { store } = useApp();
  const state = useGateway(store);
  const systems = Object.entries(state.alarmsystems);
  if (systems.length === 0) return <Empty>This gateway has no alarm system.</Empty>;
  return (
    <>
      {systems.map(([id, system]) => (
        <Panel key={id} id={id} system={system} />
      ))}
    </>
  );
}

/** A system in alarm takes the whole screen, on every page, with the PIN field to disarm it. */
export function AlarmTakeover() {
  const { gateway, store } = useApp();
  const state = useGateway(store);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [run, busy] = useAction();
  const alarming = Object.entries(state.alarmsystems).find(([, system]) => system.state.armstate === 'in_alarm');
  if (!alarming) return null;
  const [id, system] = alarming;
  const disarm = () =>
    run('Alarm', async () => {
      setError(undefined);
      try {
        await gateway.put(`/alarmsystems/${id}/disarm`, { code0: code });
        setCode('');
      } catch (err) {
        setError(pinWords(err));
      }
    });
  return (
    <div class="takeover" role="alertdialog" aria-modal="true" aria-labelledby="takeover-heading">
      <h2 id="takeover-heading">Alarm: {system.name}</h2>
      <p>The alarm is sounding.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void disarm();
        }}
      >
        <label>
          PIN to disarm
          <input
            type="password"
            inputMode="numeric"
            autocomplete="off"
            // biome-ignore lint/a11y/noAutofocus: the one thing to do on this screen
            autoFocus
            value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            aria-describedby="takeover-error"
          />
        </label>
        <FieldError id="takeover-error" error={error} />
        <button type="submit" class="primary" disabled={busy}>
          Disarm
        </button>
      </form>
    </div>
  );
}
