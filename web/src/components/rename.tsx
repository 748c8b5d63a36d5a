import { useState } from 'preact/hooks';
import { useApp } from './context';
import { useAction } from './ui';

/**
 * "Rename" beside a light, sensor, room or scene: an inline form that writes the resource's REST
 * `name` (`PUT <path> {name}`; `what` names it for assistive tech where two share a name) and, once the gateway has committed it, lets `done` read it back.
 */
export function Rename({ path, name, done, what = name }: { path: string; name: string; done(): Promise<void>; what?: string }) {
  const { gateway, announce } = useApp();
  const [run, busy] = useAction();
  const [draft, setDraft] = useState<string>();
  if (draft === undefined) {
    return (
      <button type="button" class="quiet rename" aria-label={`Rename ${what}`} onClick={() => setDraft(name)}>
        Rename
      </button>
    );
  }
  return (
    <form
      class="inline rename"
      aria-label={`Rename ${what}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(`Rename ${name}`, async () => {
          await gateway.put(path, { name: draft.trim() });
          await done();
          announce(`Renamed to ${draft.trim()}`);
          setDraft(undefined);
        });
      }}
    >
      <label>
        New name
        {/* biome-ignore lint/a11y/noAutofocus: the field the user just asked for */}
        <input value={draft} maxLength={32} required autoFocus onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit" class="primary" disabled={busy || draft.trim() === ''}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      <button type="button" class="quiet" onClick={() => setDraft(undefined)}>
        Cancel
      </button>
    </form>
  );
}

/** What tells two same-named things apart: the room they are in and their model. */
export function identity(parts: (string | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
}
