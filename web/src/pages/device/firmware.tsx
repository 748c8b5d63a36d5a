import { useApp } from '../../components/context';
import { useAction } from '../../components/ui';
import { fileVersion, otauActions, otauLastResult, otauSummary, type Otau } from './firmware-words';

/**
 * A device's firmware over the air: what it runs and what is available, a running transfer's
 * progress (live, from the gateway's device events), how the last update ended, and the actions
 * that make sense now (check, update, stop, cancel). Each answer of the gateway is said in words.
 */
export function Firmware({ mac, name, otau }: { mac: string; name: string; otau: Otau }) {
  const { gateway, store, announce } = useApp();
  const [run, busy] = useAction();
  const last = otauLastResult(otau);
  const act = (action: string, label: string) =>
    run(label, async () => {
      const answer = await gateway.post<{ success: Record<string, string> }[]>(`/devices/${mac}/otau`, { action });
      const state = answer.map((entry) => Object.values(entry.success)[0]).at(-1);
      await store.refreshDevice(mac);
      announce(`${name}: ${words(action, state)}`);
    });
  return (
    <section aria-label={`${name}: firmware`}>
      <h3>Firmware</h3>
      <p class="firmware-summary">{otauSummary(otau)}</p>
      {otau.state === 'updating' && <progress max={100} value={otau.progress} aria-label={`${name}: update progress`} />}
      {last && (
        <p class="hint">
          {last}
          {otau.lastresult ? ` (${new Date(otau.lastresult.at).toLocaleString()})` : ''}
        </p>
      )}
      {otau.sleepy && otau.state !== 'updating' && (
        <p class="hint">It sleeps: it asks for updates when it checks in (a button press wakes most such devices).</p>
      )}
      <div class="button-row">
        {otauActions(otau).map(({ action, label }) => (
          <button key={action} type="button" disabled={busy} onClick={() => act(action, label)}>
            {busy ? 'Asking the device…' : label}
          </button>
        ))}
      </div>
      <p class="hint">
        Running {fileVersion(otau.installed)}; newest image known {fileVersion(otau.available)}.
      </p>
    </section>
  );
}

function words(action: string, state: string | undefined): string {
  if (action === 'check') return state === 'available' ? 'an update is available' : 'no newer firmware known';
  if (action === 'update') return state === 'scheduled' ? 'the update waits for its next check-in' : 'the update started';
  if (action === 'abort') return 'the update was stopped';
  return 'the update was cancelled';
}
