import { useEffect, useState } from 'preact/hooks';
import { ApiError, type DeconzErrorEntry } from '../../api/client';
import { useApp } from '../../components/context';
import { FieldError } from '../../components/ui';
import type { Sensor } from '../../state/types';
import { label, unitOf } from '../sensor-words';

/** Config items the device reports but nobody sets. */
const READ_ONLY = new Set([
  'battery',
  'reachable',
  'pending',
  'enrolled',
  'configured',
  'lowbattery',
  'temperature',
  'group',
  'alert',
  'sensitivitymax',
  'schedule',
  'lastchange_amount',
  'lastchange_source',
  'lastchange_time',
]);
/** Choices of string items (the current value is always offered too). */
const CHOICES: Record<string, string[]> = {
  mode: ['off', 'heat', 'auto', 'cool', 'sleep', 'fan only', 'dry'],
  fanmode: ['off', 'low', 'medium', 'high', 'on', 'auto', 'smart'],
  preset: ['auto', 'boost', 'comfort', 'eco', 'holiday', 'manual'],
};

/** What `GET /devices/<uniqueid>/config/<item>/introspect` answers. */
interface Introspection {
  type?: string;
  minval?: number;
  maxval?: number;
}

/** The settings a sensor shows as fields: its primitive config items anyone may write. */
export function settingKeys(sensor: Sensor): string[] {
  return Object.entries(sensor.config)
    .filter(([key, value]) => !READ_ONLY.has(key) && ['boolean', 'number', 'string'].includes(typeof value))
    .map(([key]) => key);
}

/** A number in the unit people read (°C, not hundredths); the typed text stays as typed until it is a number. */
function NumberField({
  sensor,
  item,
  value,
  about,
  error,
  onChange,
  name,
  id,
  described,
}: {
  sensor: Sensor;
  item: string;
  value: number;
  about: Introspection | undefined;
  error?: string;
  onChange(value: unknown): void;
  name: string;
  id: string;
  described?: string;
}) {
  const [text, setText] = useState<string>();
  const unit = unitOf(item, sensor.type);
  const scale = unit?.scale ?? 1;
  const shown = (n: number) => Math.round(n * scale * 100) / 100;
  return (
    <label>
      {name}
      {unit ? ` (${unit.unit})` : ''}
      {about?.minval !== undefined && (
        <span class="meta">
          {' '}
          {shown(about.minval)} to {shown(about.maxval ?? about.minval)}
        </span>
      )}
      <input
        type="number"
        value={text ?? shown(value)}
        step={scale < 1 ? 0.1 : 1}
        min={about?.minval === undefined ? undefined : shown(about.minval)}
        max={about?.maxval === undefined ? undefined : shown(about.maxval)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onInput={(e) => {
          const typed = (e.target as HTMLInputElement).value;
          setText(typed);
          if (typed.trim() !== '' && Number.isFinite(Number(typed))) onChange(Math.round(Number(typed) / scale));
        }}
      />
      <FieldError id={`${id}-error`} error={error} />
    </label>
  );
}

function Field({
  sensor,
  item,
  value,
  about,
  error,
  onChange,
}: {
  sensor: Sensor;
  item: string;
  value: unknown;
  about: Introspection | undefined;
  error?: string;
  onChange(value: unknown): void;
}) {
  const id = `setting-${sensor.uniqueid}-${item}`;
  const described = error ? `${id}-error` : undefined;
  const name = item === 'on' ? 'Sensor enabled' : label(item);
  if (typeof value === 'boolean' || about?.type === 'bool') {
    return (
      <label class="check">
        <input type="checkbox" checked={value === true} aria-describedby={described} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
        {name}
        <FieldError id={`${id}-error`} error={error} />
      </label>
    );
  }
  if (typeof value === 'number') return <NumberField {...{ sensor, item, value, about, error, onChange, name, id, described }} />;
  const choices = CHOICES[item];
  const invalid = error ? true : undefined;
  if (choices) {
    return (
      <label>
        {name}
        <select value={String(value)} aria-invalid={invalid} aria-describedby={described} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
          {[...new Set([String(value), ...choices])].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} error={error} />
      </label>
    );
  }
  return (
    <label>
      {name}
      <input value={String(value)} aria-invalid={invalid} aria-describedby={described} onInput={(e) => onChange((e.target as HTMLInputElement).value)} />
      <FieldError id={`${id}-error`} error={error} />
    </label>
  );
}

/**
 * One sensor's settings as form fields, each from the gateway's introspection of the item (type and
 * range) with its unit; Save writes the changed ones (`PUT /sensors/<id>/config`) and shows each
 * refusal at its field.
 */
export function SensorSettings({ id, sensor, title }: { id: string; sensor: Sensor; title: string }) {
  const { gateway, store, announce } = useApp();
  const keys = settingKeys(sensor);
  const [about, setAbout] = useState<Record<string, Introspection>>({});
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!sensor.uniqueid?.includes(':')) return;
    for (const key of keys) {
      gateway.get<Introspection>(`/devices/${sensor.uniqueid}/config/${key}/introspect`).then(
        (info) => setAbout((a) => ({ ...a, [key]: info })),
        () => undefined,
      );
    }
  }, [sensor.uniqueid, keys.join()]);
  if (keys.length === 0) return null;
  const place = (list: DeconzErrorEntry[]) => Object.fromEntries(list.map((e) => [e.address.split('/').pop() ?? '', e.description]));
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = (await gateway.put<unknown[]>(`/sensors/${id}/config`, draft)) ?? [];
      const refused = answer.flatMap((entry) => (entry && typeof entry === 'object' && 'error' in entry ? [(entry as { error: DeconzErrorEntry }).error] : []));
      setErrors(place(refused));
      await store.refresh('sensors', id);
      setDraft({});
      announce(refused.length === 0 ? `${title}: settings saved` : `${title}: some settings were refused`, refused.length === 0 ? 'ok' : 'error');
    } catch (err) {
      if (err instanceof ApiError) setErrors(place(err.errors));
      announce(`${title}: ${err instanceof ApiError ? err.message : String(err)}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="settings"
      aria-label={`Settings of ${title}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend>{title}</legend>
        {keys.map((key) => (
          <Field
            key={key}
            sensor={sensor}
            item={key}
            value={key in draft ? draft[key] : sensor.config[key]}
            about={about[key]}
            error={errors[key]}
            onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
          />
        ))}
        <button type="submit" class="primary" disabled={busy || Object.keys(draft).length === 0}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </fieldset>
    </form>
  );
}
