import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from './context';

/** Runs a gateway call and announces its failure with the gateway's own description. */
export function useAction(): [(label: string, work: () => Promise<unknown>) => Promise<boolean>, boolean] {
  const { announce } = useApp();
  const [busy, setBusy] = useState(false);
  const run = async (label: string, work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch (err) {
      announce(`${label}: ${err instanceof ApiError ? err.message : String(err)}`, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return [run, busy];
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof ApiError ? error.message : String(error);
  return (
    <p class="error" role="alert">
      {text}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <span id={id} class="field-error" role="alert">
      {error}
    </span>
  );
}

export function Switch({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange(on: boolean): void }) {
  return (
    <button type="button" role="switch" class="switch" aria-checked={checked} aria-label={label} disabled={disabled} onClick={() => onChange(!checked)}>
      <span class="switch-knob" aria-hidden="true" />
    </button>
  );
}

/** A range that reports only when released (or on keyboard change), not at every pixel. */
export function Slider({
  label,
  min,
  max,
  value,
  disabled,
  onCommit,
  unit,
  format,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  disabled?: boolean;
  unit?: string;
  format?: (value: number) => string;
  onCommit(value: number): void;
}) {
  const [draft, setDraft] = useState<number | undefined>(undefined);
  const shown = draft ?? value;
  const text = format ? format(shown) : unit ? `${shown} ${unit}` : String(shown);
  return (
    <label class="slider">
      <span>{label}</span>
      <input
        type="range"
        min={min}
        max={max}
        value={shown}
        disabled={disabled}
        aria-valuetext={text}
        onInput={(e) => setDraft(Number((e.target as HTMLInputElement).value))}
        onChange={(e) => {
          setDraft(undefined);
          onCommit(Number((e.target as HTMLInputElement).value));
        }}
      />
      <output>{text}</output>
    </label>
  );
}

export function Card({
  title,
  children,
  actions,
  label,
}: {
  title: ComponentChildren;
  children?: ComponentChildren;
  actions?: ComponentChildren;
  label?: string;
}) {
  return (
    <article class="card" aria-label={label}>
      <header class="card-head">
        <h3>{title}</h3>
        {actions}
      </header>
      {children}
    </article>
  );
}

export function Badge({ kind, children }: { kind: 'ok' | 'warn' | 'bad' | 'info'; children: ComponentChildren }) {
  return <span class={`badge badge-${kind}`}>{children}</span>;
}

/** "3 min ago" for a gateway timestamp (UTC without zone, as deCONZ writes them). */
export function ago(timestamp: unknown): string {
  if (typeof timestamp !== 'string' || timestamp === '' || timestamp === 'none') return 'never';
  const at = Date.parse(/Z$|[+-]\d\d:?\d\d$/.test(timestamp) ? timestamp : `${timestamp}Z`);
  if (Number.isNaN(at)) return timestamp;
  const seconds = Math.max(0, Math.round((Date.now() - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} d ago`;
}
