import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { useGateway } from '../state/store';

/** The gateway's introspection of `state/buttonevent`: event code → button number and action. */
export interface ButtonIntrospection {
  buttons?: Record<string, { name: string }>;
  values?: Record<string, { button: number; action: string }>;
}

const ACTION_WORDS: Record<string, string> = {
  SHORT_RELEASE: 'short press',
  INITIAL_PRESS: 'pressed',
  HOLD: 'held',
  LONG_RELEASE: 'released after holding',
  DOUBLE_PRESS: 'double press',
  TRIPLE_PRESS: 'triple press',
  QUADRUPLE_PRESS: 'four presses',
  LONG_PRESS: 'long press',
  SHAKE: 'shaken',
  DROP: 'dropped',
  TILT: 'tilted',
  MANY_PRESS: 'many presses',
};

/** "Button 1, short press" for each event code the device can send, in code order. */
export function buttonChoices(introspection: ButtonIntrospection): { code: string; text: string }[] {
  return Object.entries(introspection.values ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, { button, action }]) => {
      const name = introspection.buttons?.[String(button)]?.name ?? `Button ${button}`;
      return { code, text: `${name}, ${ACTION_WORDS[action] ?? action.toLowerCase().replace(/_/g, ' ')}` };
    });
}

const known = new Map<string, Promise<ButtonIntrospection | undefined>>();

/** A button condition's value picked from the device's own buttons and events (text when unknown). */
export function ButtonEventValue({
  resource,
  value,
  invalid,
  onChange,
}: {
  resource: string;
  value: string;
  invalid?: boolean;
  onChange(value: string): void;
}) {
  const { gateway, store } = useApp();
  const state = useGateway(store);
  const uniqueid = state.sensors[resource.split('/')[2] ?? '']?.uniqueid;
  const [choices, setChoices] = useState<{ code: string; text: string }[]>();
  useEffect(() => {
    setChoices(undefined);
    if (!uniqueid) return;
    if (!known.has(uniqueid))
      known.set(
        uniqueid,
        gateway.get<ButtonIntrospection>(`/devices/${uniqueid}/state/buttonevent/introspect`).catch(() => undefined),
      );
    let current = true;
    void known.get(uniqueid)!.then((found) => {
      if (current && found) setChoices(buttonChoices(found));
    });
    return () => {
      current = false;
    };
  }, [uniqueid]);
  if (!choices || choices.length === 0) {
    return (
      <label>
        Value
        <input value={value} aria-invalid={invalid} onInput={(e) => onChange((e.target as HTMLInputElement).value)} />
      </label>
    );
  }
  return (
    <label>
      Button event
      <select value={value} aria-label="Button event" aria-invalid={invalid} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {!choices.some((c) => c.code === value) && <option value={value}>{value === '' ? 'Choose…' : value}</option>}
        {choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.text}
          </option>
        ))}
      </select>
    </label>
  );
}
