import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from '../components/context';
import { targetsOf } from '../components/targets';
import { Empty, FieldError, Switch, useAction } from '../components/ui';
import { placeErrors } from '../state/form-errors';
import { useGateway } from '../state/store';
import type { Schedule } from '../state/types';
import { CommandPicker, commandBody, commandFrom, emptyCommand, type CommandDraft } from './action-picker';

type When = 'weekly' | 'once' | 'timer';
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** deCONZ `localtime` forms: `W<bitmap>/Thh:mm:ss` (bit 6 = Monday … bit 0 = Sunday), a date, or `PThh:mm:ss`. */
export function localtimeOf(when: When, days: boolean[], time: string, date: string): string {
  const clock = time.length === 5 ? `${time}:00` : time;
  if (when === 'timer') return `PT${clock}`;
  if (when === 'once') return `${date}T${clock}`;
  const bitmap = days.reduce((bits, on, index) => (on ? bits | (1 << (6 - index)) : bits), 0);
  return `W${bitmap}/T${clock}`;
}

/** The editor's fields from a stored `localtime` (weekly, a date, or a timer); undefined for other forms. */
export function whenOf(localtime: string | undefined): { when: When; days: boolean[]; time: string; date?: string } | undefined {
  const weekly = /^W(\d{1,3})\/T(\d\d:\d\d)(?::\d\d)?$/.exec(localtime ?? '');
  if (weekly) return { when: 'weekly', days: DAYS.map((_, i) => (Number(weekly[1]) & (1 << (6 - i))) !== 0), time: weekly[2]! };
  const once = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(?::\d\d)?$/.exec(localtime ?? '');
  if (once) return { when: 'once', days: DAYS.map(() => false), time: once[2]!, date: once[1] };
  const timer = /^PT(\d\d:\d\d:\d\d)$/.exec(localtime ?? '');
  if (timer) return { when: 'timer', days: DAYS.map(() => false), time: timer[1]! };
  return undefined;
}

/** A schedule's time in words: "Mon, Tue, Wed at 06:45", "on 2026-12-24 at 18:00", "in 00:10:00". */
export function scheduleWords(localtime: string | undefined): string {
  const parsed = whenOf(localtime);
  if (!parsed) return localtime ?? '';
  if (parsed.when === 'timer') return `after ${parsed.time}`;
  if (parsed.when === 'once') return `on ${parsed.date} at ${parsed.time}`;
  const days = DAYS.filter((_, i) => parsed.days[i]);
  const list =
    days.length === 7
      ? 'Every day'
      : days.join(', ') === 'Mon, Tue, Wed, Thu, Fri'
        ? 'Weekdays'
        : days.join(', ') === 'Sat, Sun'
          ? 'Weekends'
          : days.join(', ');
  return `${list} at ${parsed.time}`;
}

function ScheduleEditor({ id, schedule, onDone }: { id?: string; schedule?: Schedule; onDone(): void }) {
  const stored = whenOf(schedule?.localtime);
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const targets = useMemo(() => targetsOf(state).filter((t) => t.kind !== 'scene'), [state.lights, state.groups]);
  const [name, setName] = useState(schedule?.name ?? '');
  const [when, setWhen] = useState<When>(stored?.when ?? 'weekly');
  const [days, setDays] = useState(stored?.when === 'weekly' ? stored.days : [true, true, true, true, true, false, false]);
  const [time, setTime] = useState(stored?.time ?? '07:00');
  const [date, setDate] = useState(stored?.date ?? new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  const [command, setCommand] = useState<CommandDraft>(() =>
    schedule ? commandFrom(schedule.command.address.replace(/^\/api\/[^/]+/, ''), schedule.command.body) : emptyCommand(targets),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const body = {
        name,
        localtime: localtimeOf(when, days, time, date),
        command: { address: `/api/${gateway.key}${command.address}`, method: 'PUT', body: commandBody(command) },
      };
      if (id) await gateway.put(`/schedules/${id}`, body);
      else await gateway.create('/schedules', body);
      await store.reload('schedules');
      announce(`Schedule ${name} saved`);
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeErrors(err.errors, 'schedules');
      if (placed.time) placed.localtime = placed.time;
      setErrors(placed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="card editor"
      aria-label={id ? `Edit schedule ${schedule?.name}` : 'New schedule'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{id ? `Edit ${schedule?.name}` : 'New schedule'}</h2>
      <label>
        Name
        <input value={name} maxLength={32} onInput={(e) => setName((e.target as HTMLInputElement).value)} aria-invalid={errors.name ? true : undefined} />
      </label>
      <FieldError id="schedule-name-error" error={errors.name} />
      <fieldset aria-describedby={errors.localtime ? 'schedule-time-error' : undefined}>
        <legend>When</legend>
        <div class="row">
          <label>
            Repeat
            <select value={when} onChange={(e) => setWhen((e.target as HTMLSelectElement).value as When)}>
              <option value="weekly">On weekdays I choose</option>
              <option value="once">Once, on a date</option>
              <option value="timer">After a delay</option>
            </select>
          </label>
          {when === 'once' && (
            <label>
              Date
              <input type="date" value={date} onInput={(e) => setDate((e.target as HTMLInputElement).value)} />
            </label>
          )}
          <label>
            {when === 'timer' ? 'Delay (hh:mm:ss)' : 'Time'}
            <input
              type={when === 'timer' ? 'text' : 'time'}
              value={time}
              aria-invalid={errors.localtime ? true : undefined}
              onInput={(e) => setTime((e.target as HTMLInputElement).value)}
            />
          </label>
        </div>
        {when === 'weekly' && (
          // biome-ignore lint/a11y/useSemanticElements: a flex row of day checkboxes named as one control; a fieldset would add its own border and legend layout
          <div class="row" role="group" aria-label="Days">
            {DAYS.map((day, i) => (
              <label key={day} class="check">
                <input
                  type="checkbox"
                  checked={days[i]}
                  onChange={(e) => setDays(days.map((d, j) => (j === i ? (e.target as HTMLInputElement).checked : d)))}
                />
                {day}
              </label>
            ))}
          </div>
        )}
        <FieldError id="schedule-time-error" error={errors.localtime} />
      </fieldset>
      <CommandPicker id="schedule-command" legend="Do" draft={command} targets={targets} error={errors.command} onChange={setCommand} />
      <FieldError id="schedule-form-error" error={errors.form} />
      <div class="button-row end">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save schedule'}
        </button>
      </div>
    </form>
  );
}

export function Schedules() {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const [editing, setEditing] = useState<string | 'new'>();
  if (editing !== undefined)
    return (
      <ScheduleEditor
        key={editing}
        id={editing === 'new' ? undefined : editing}
        schedule={editing === 'new' ? undefined : state.schedules[editing]}
        onDone={() => setEditing(undefined)}
      />
    );
  const schedules = Object.entries(state.schedules);
  const targets = targetsOf(state);
  return (
    <>
      <button type="button" class="primary" onClick={() => setEditing('new')}>
        New schedule
      </button>
      {schedules.length === 0 ? (
        <Empty>No schedules yet.</Empty>
      ) : (
        <div class="grid">
          {schedules.map(([id, schedule]) => (
            <article key={id} class="card" aria-label={`Schedule ${schedule.name}`}>
              <header class="card-head">
                <h3>{schedule.name}</h3>
                <Switch
                  label={`${schedule.name} enabled`}
                  checked={schedule.status === 'enabled'}
                  disabled={busy}
                  onChange={(on) =>
                    run(schedule.name, async () => {
                      await gateway.put(`/schedules/${id}`, { status: on ? 'enabled' : 'disabled' });
                      await store.reload('schedules');
                    })
                  }
                />
              </header>
              <p class="meta">{scheduleWords(schedule.localtime ?? schedule.time)}</p>
              <p class="meta">
                {targets.find((t) => t.address === schedule.command.address.replace(/^\/api\/[^/]+/, ''))?.label ??
                  schedule.command.address.replace(/^\/api\/[^/]+/, '')}{' '}
                <code>{JSON.stringify(schedule.command.body)}</code>
              </p>
              <div class="button-row">
                <button type="button" onClick={() => setEditing(id)}>
                  Edit
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={busy}
                  onClick={() =>
                    run(schedule.name, async () => {
                      await gateway.delete(`/schedules/${id}`);
                      await store.reload('schedules');
                      announce(`Schedule ${schedule.name} deleted`);
                    })
                  }
                >
                  Delete
                </button>
              </div>
            </article>
          ))}
        </div>
      )}
    </>
  );
}
