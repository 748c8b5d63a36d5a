import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from '../components/context';
import { subjectsOf, targetsOf, type Subject } from '../components/targets';
import { FieldError } from '../components/ui';
import { placeErrors } from '../state/form-errors';
import { useGateway } from '../state/store';
import type { Rule } from '../state/types';
import { ButtonEventValue } from './button-events';
import { CommandPicker, commandBody, commandFrom, emptyCommand, type CommandDraft } from './action-picker';
import { ARMSTATES, conditionProblem, duration, phraseOf, phrasesFor, secondsOf, timeRange, timesOf, toShown, toStored, type Phrase } from './rule-words';
import { unitOf } from './sensor-words';

interface ConditionDraft {
  resource: string;
  attribute: string;
  operator: string;
  value: string;
}

const addressOf = (c: ConditionDraft) => (c.resource === '/config' ? '/config/localtime' : `${c.resource}/${c.attribute}`);

function conditionFrom(address: string, operator: string, value: string | undefined): ConditionDraft {
  if (address === '/config/localtime') return { resource: '/config', attribute: 'localtime', operator, value: value ?? '' };
  const parts = address.split('/');
  return { resource: parts.slice(0, 3).join('/'), attribute: parts.slice(3).join('/'), operator, value: value ?? '' };
}

/** A new condition on the first subject: its first phrase ("button pressed" for a switch). */
function newCondition(subjects: Subject[]): ConditionDraft {
  const subject = subjects[0];
  const phrase = phrasesFor(subject?.attributes ?? [])[0];
  return { resource: subject?.resource ?? '', attribute: phrase?.attribute ?? '', operator: phrase?.operator ?? 'eq', value: phrase?.value ?? '' };
}

const phraseFor = (draft: ConditionDraft, subjects: Subject[]) =>
  phraseOf(phrasesFor(subjects.find((s) => s.resource === draft.resource)?.attributes ?? []), draft.attribute, draft.operator, draft.value);

/** The value control a phrase asks for, in the unit people read. */
function ValueControl({ draft, phrase, invalid, onChange }: { draft: ConditionDraft; phrase: Phrase; invalid?: boolean; onChange(value: string): void }) {
  if (phrase.input === 'none' || phrase.value !== undefined) return null;
  if (phrase.input === 'buttonevent') return <ButtonEventValue resource={draft.resource} value={draft.value} invalid={invalid} onChange={onChange} />;
  if (phrase.input === 'timerange') {
    const [from, to] = timesOf(draft.value);
    return (
      <>
        <label>
          From
          <input
            type="time"
            value={from}
            aria-invalid={invalid}
            onInput={(e) => onChange(timeRange((e.target as HTMLInputElement).value, to) || `T${(e.target as HTMLInputElement).value}:00/`)}
          />
        </label>
        <label>
          To
          <input type="time" value={to} aria-invalid={invalid} onInput={(e) => onChange(timeRange(from, (e.target as HTMLInputElement).value))} />
        </label>
      </>
    );
  }
  if (phrase.input === 'duration') {
    return (
      <label>
        Seconds
        <input
          type="number"
          min={1}
          value={secondsOf(draft.value)}
          aria-invalid={invalid}
          onInput={(e) => onChange(duration((e.target as HTMLInputElement).value))}
        />
      </label>
    );
  }
  if (phrase.input === 'armstate') {
    return (
      <label>
        Alarm state
        <select value={draft.value} aria-invalid={invalid} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
          {!ARMSTATES.includes(draft.value) && <option value={draft.value}>{draft.value || 'Choose…'}</option>}
          {ARMSTATES.map((a) => (
            <option key={a} value={a}>
              {a.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const unit = unitOf(draft.attribute.split('/').pop() ?? '');
  if (phrase.input === 'number') {
    return (
      <label>
        {unit ? `Value (${unit.unit})` : 'Value'}
        <input
          type="number"
          step="any"
          value={toShown(draft.attribute, draft.value)}
          aria-invalid={invalid}
          onInput={(e) => onChange(toStored(draft.attribute, (e.target as HTMLInputElement).value))}
        />
      </label>
    );
  }
  return (
    <label>
      Value
      <input value={draft.value} aria-invalid={invalid} onInput={(e) => onChange((e.target as HTMLInputElement).value)} />
    </label>
  );
}

function ConditionRow({
  index,
  draft,
  subjects,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  draft: ConditionDraft;
  subjects: Subject[];
  error?: string;
  onChange(next: ConditionDraft): void;
  onRemove?: () => void;
}) {
  const subject = subjects.find((s) => s.resource === draft.resource);
  const phrases = phrasesFor(subject?.attributes ?? []);
  const phrase = phraseOf(phrases, draft.attribute, draft.operator, draft.value);
  const errorId = `condition-${index}-error`;
  const invalid = error ? true : undefined;
  const own = phrases.filter((p) => !p.other);
  const others = phrases.filter((p) => p.other);
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend>Condition {index + 1}</legend>
      <div class="row">
        <label>
          When
          <select
            value={draft.resource}
            aria-label="When"
            aria-invalid={invalid}
            onChange={(e) => {
              const resource = (e.target as HTMLSelectElement).value;
              const first = phrasesFor(subjects.find((s) => s.resource === resource)?.attributes ?? [])[0];
              onChange({ resource, attribute: first?.attribute ?? '', operator: first?.operator ?? 'eq', value: first?.value ?? '' });
            }}
          >
            {!subject && <option value={draft.resource}>{draft.resource || 'Choose…'}</option>}
            {subjects.map((s) => (
              <option key={s.resource} value={s.resource}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Does
          <select
            value={phrase?.key ?? ''}
            aria-label="Does"
            aria-invalid={invalid}
            onChange={(e) => {
              const next = phrases.find((p) => p.key === (e.target as HTMLSelectElement).value);
              if (next)
                onChange({
                  ...draft,
                  attribute: next.attribute,
                  operator: next.operator,
                  value: next.value ?? (next.input === phrase?.input ? draft.value : ''),
                });
            }}
          >
            {!phrase && <option value="">{`${draft.attribute} ${draft.operator}`}</option>}
            {own.map((p) => (
              <option key={p.key} value={p.key}>
                {p.text}
              </option>
            ))}
            {others.length > 0 && (
              <optgroup label="Other conditions">
                {others.map((p) => (
                  <option key={p.key} value={p.key}>
                    {p.text}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        {phrase && <ValueControl draft={draft} phrase={phrase} invalid={invalid} onChange={(value) => onChange({ ...draft, value })} />}
        {onRemove && (
          <button type="button" class="quiet danger" aria-label={`Remove condition ${index + 1}`} onClick={onRemove}>
            Remove
          </button>
        )}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/**
 * Builds a rule from pickers (resources, attributes, operators, values; targets and what to do)
 * and shows each of the gateway's validation errors at the field its address names.
 */
export function RuleEditor({ id, rule, onDone }: { id?: string; rule?: Rule; onDone(): void }) {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const subjects = useMemo(() => subjectsOf(state), [state.sensors, state.lights, state.groups, state.alarmsystems]);
  const targets = useMemo(() => targetsOf(state), [state.lights, state.groups]);
  const [name, setName] = useState(rule?.name ?? '');
  const [conditions, setConditions] = useState<ConditionDraft[]>(
    () => rule?.conditions.map((c) => conditionFrom(c.address, c.operator, c.value)) ?? [newCondition(subjects)],
  );
  const [actions, setActions] = useState<CommandDraft[]>(() => rule?.actions.map((a) => commandFrom(a.address, a.body)) ?? [emptyCommand(targets)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // What is missing is said before the gateway is asked, at the condition it concerns.
    const problems = Object.fromEntries(
      conditions.flatMap((c, i) => {
        const problem = conditionProblem(phraseFor(c, subjects), c.value);
        return problem ? [[`condition-${i}`, problem]] : [];
      }),
    );
    if (!name.trim()) problems.name = 'Give the rule a name.';
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    const body = {
      name,
      conditions: conditions.map((c) =>
        c.operator === 'dx' ? { address: addressOf(c), operator: c.operator } : { address: addressOf(c), operator: c.operator, value: c.value },
      ),
      actions: actions.map((a) => ({ address: a.address, method: 'PUT', body: commandBody(a) })),
    };
    setBusy(true);
    setErrors({});
    try {
      if (id) await gateway.put(`/rules/${id}`, body);
      else await gateway.create('/rules', body);
      await store.reload('rules');
      announce(`Rule ${name} saved`);
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErrors(placeErrors(err.errors, 'rules', { conditions: body.conditions.map((c) => c.address), actions: body.actions.map((a) => a.address) }));
    } finally {
      setBusy(false);
    }
  };
  const set = <T,>(list: T[], index: number, value: T) => list.map((item, i) => (i === index ? value : item));
  return (
    <form
      class="card editor"
      aria-label={id ? `Edit rule ${rule?.name}` : 'New rule'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{id ? `Edit ${rule?.name}` : 'New rule'}</h2>
      <label>
        Name
        <input
          name="name"
          value={name}
          maxLength={64}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'rule-name-error' : undefined}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <FieldError id="rule-name-error" error={errors.name} />
      <h3>When</h3>
      <FieldError id="rule-conditions-error" error={errors.conditions} />
      {conditions.map((c, i) => (
        <ConditionRow
          key={i}
          index={i}
          draft={c}
          subjects={subjects}
          error={errors[`condition-${i}`]}
          onChange={(next) => setConditions(set(conditions, i, next))}
          onRemove={conditions.length > 1 ? () => setConditions(conditions.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      {conditions.length < 8 && (
        <button type="button" onClick={() => setConditions([...conditions, newCondition(subjects)])}>
          Add condition
        </button>
      )}
      <h3>Then</h3>
      <FieldError id="rule-actions-error" error={errors.actions} />
      {actions.map((a, i) => (
        <CommandPicker
          key={i}
          id={`action-${i}`}
          legend={`Action ${i + 1}`}
          draft={a}
          targets={targets}
          error={errors[`action-${i}`]}
          onChange={(next) => setActions(set(actions, i, next))}
        />
      ))}
      {actions.length < 8 && (
        <button type="button" onClick={() => setActions([...actions, emptyCommand(targets)])}>
          Add action
        </button>
      )}
      <FieldError id="rule-form-error" error={errors.form ?? errors.status ?? errors.periodic} />
      <div class="button-row end">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save rule'}
        </button>
      </div>
    </form>
  );
}
