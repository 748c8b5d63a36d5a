import { bodyFor, PRESET_LABELS, presetOf, presetsFor, type Preset, type Target } from '../components/targets';
import { briToPercent, percentToBri } from '../components/percent';
import { FieldError } from '../components/ui';
import type { Dict } from '../state/types';

/** One command as the editors hold it: a target and a preset, or a custom address/body. */
export interface CommandDraft {
  address: string;
  preset: Preset | 'custom';
  bri: number;
  /** Custom JSON body, when `preset` is custom. */
  json: string;
}

export const emptyCommand = (targets: Target[]): CommandDraft => ({
  address: targets[0]?.address ?? '',
  preset: presetsFor(targets[0])[0] ?? 'custom',
  bri: 128,
  json: '{}',
});

export function commandFrom(address: string, body: Dict): CommandDraft {
  const known = presetOf(body);
  return known
    ? { address, preset: known.preset, bri: known.bri, json: JSON.stringify(body) }
    : { address, preset: 'custom', bri: 128, json: JSON.stringify(body) };
}

/** The body to send; a custom body that is not JSON is sent as text so the gateway names the error. */
export function commandBody(draft: CommandDraft): unknown {
  if (draft.preset !== 'custom') return bodyFor(draft.preset, draft.bri);
  try {
    return JSON.parse(draft.json);
  } catch {
    return draft.json;
  }
}

/** Target and what to do with it, from pickers; a custom body for anything else. */
export function CommandPicker({
  id,
  draft,
  targets,
  error,
  onChange,
  legend,
}: {
  id: string;
  draft: CommandDraft;
  targets: Target[];
  error?: string;
  legend: string;
  onChange(next: CommandDraft): void;
}) {
  const target = targets.find((t) => t.address === draft.address);
  const presets = presetsFor(target);
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div class="row">
        <label>
          Target
          <select
            value={target ? draft.address : ''}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const address = (e.target as HTMLSelectElement).value;
              const next = targets.find((t) => t.address === address);
              onChange({ ...draft, address, preset: presetsFor(next)[0] ?? 'custom' });
            }}
          >
            {!target && <option value="">{draft.address || 'Choose…'}</option>}
            {targets.map((t) => (
              <option key={t.address} value={t.address}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Do
          <select value={draft.preset} onChange={(e) => onChange({ ...draft, preset: (e.target as HTMLSelectElement).value as CommandDraft['preset'] })}>
            {presets.map((p) => (
              <option key={p} value={p}>
                {PRESET_LABELS[p]}
              </option>
            ))}
            <option value="custom">Custom body (JSON)</option>
          </select>
        </label>
        {draft.preset === 'bri' && (
          <label>
            Brightness (%)
            <input
              type="number"
              min={1}
              max={100}
              value={briToPercent(draft.bri)}
              onInput={(e) => onChange({ ...draft, bri: percentToBri(Number((e.target as HTMLInputElement).value)) })}
            />
          </label>
        )}
      </div>
      {draft.preset === 'custom' && (
        <div class="row">
          <label>
            Address
            <input value={draft.address} onInput={(e) => onChange({ ...draft, address: (e.target as HTMLInputElement).value })} />
          </label>
          <label>
            Body
            <input value={draft.json} onInput={(e) => onChange({ ...draft, json: (e.target as HTMLInputElement).value })} />
          </label>
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
