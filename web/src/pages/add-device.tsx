import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { Empty, useAction } from '../components/ui';
import { useGateway } from '../state/store';
import type { JoinProgress } from '../state/types';

const DURATIONS = [60, 120, 180, 254];
const STEPS: { phase: JoinProgress['phase']; label: string }[] = [
  { phase: 'joined', label: 'Joined' },
  { phase: 'interviewed', label: 'Interviewed' },
  { phase: 'ready', label: 'Ready' },
];

function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

function JoinRow({ join }: { join: JoinProgress }) {
  const reached = STEPS.findIndex((s) => s.phase === join.phase);
  return (
    <li class="card" data-mac={join.mac} aria-label={`Device ${join.name ?? join.mac}`}>
      <strong>{join.name ?? join.mac}</strong>{' '}
      <span class="meta">
        {join.model ?? ''} {join.mac}
      </span>
      <ol class="steps" aria-label="Progress">
        {STEPS.map((step, index) => (
          <li key={step.phase} class={index <= reached ? 'done' : ''} aria-current={index === reached ? 'step' : undefined}>
            {index <= reached ? '✓ ' : ''}
            {step.label}
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * Opens the network for `networkopenduration` seconds (`PUT /config` then `POST /lights`, the
 * deCONZ search), counts down, and shows every device the WebSocket announces: its `devices` added
 * event (joined), its sub-devices once described (interviewed), its first light or sensor (ready).
 */
export function AddDevice() {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const [duration, setDuration] = useState(120);
  const [until, setUntil] = useState<number>();
  const left = useCountdown(until);
  const open = left > 0;
  useEffect(() => {
    if (until !== undefined && left === 0) announce('The network is closed again');
  }, [left === 0]);
  const start = () =>
    run('Open the network', async () => {
      store.update((s) => ({ ...s, joins: {} }));
      await gateway.put('/config', { networkopenduration: duration });
      await gateway.post('/lights');
      setUntil(Date.now() + duration * 1000);
      announce(`The network is open for ${duration} seconds: put the device in pairing mode`);
    });
  const stop = () =>
    run('Close the network', async () => {
      await gateway.put('/config', { permitjoin: 0 });
      setUntil(Date.now());
    });
  const joins = Object.values(state.joins);
  return (
    <>
      <section aria-labelledby="open-heading" class="card">
        <h2 id="open-heading">Open the network</h2>
        <p class="hint">
          Reset the device or hold its pairing button; it joins while the network is open. A lamp that will not reset: <a href="#/touchlink">touchlink it</a>.
        </p>
        {open ? (
          <>
            <p class="countdown" role="timer" aria-label="Seconds the network stays open">
              {left} s
            </p>
            <p class="progress" role="status">
              <span class="spinner" aria-hidden="true" />
              Searching for new devices…
            </p>
            <button type="button" disabled={busy} onClick={() => void stop()}>
              Close now
            </button>
          </>
        ) : (
          <div class="row">
            <label>
              How long
              <select value={duration} onChange={(e) => setDuration(Number((e.target as HTMLSelectElement).value))}>
                {DURATIONS.map((d) => (
                  <option key={d} value={d}>
                    {d} seconds
                  </option>
                ))}
              </select>
            </label>
            <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
              {busy ? 'Opening…' : 'Open the network'}
            </button>
          </div>
        )}
      </section>
      <section aria-labelledby="joining-heading" aria-live="polite">
        <h2 id="joining-heading">Joining devices</h2>
        {joins.length === 0 ? (
          <Empty>{open ? 'Waiting for a device to join…' : 'No device joined yet.'}</Empty>
        ) : (
          <ul class="grid plain">
            {joins.map((join) => (
              <JoinRow key={join.mac} join={join} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
