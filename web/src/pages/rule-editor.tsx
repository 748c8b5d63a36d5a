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

interface ConditionDraft { resource: string; attribute: string; operator: string; value: string }

const OPERATORS: { value: string; label: string; clock?: boolean }[] = [
  { value: 'eq', label: 'equals' }, { value: 'ne', label: 'is not' }, { value: 'gt', label: 'greater than' }, { value: 'lt', label: 'less than' },
  { value: 'dx', label: 'changes' }, { value: 'ddx', label: 'changed, after a delay (PT…)' }, { value: 'stable', label: 'unchanged for (PT…)' },
  { value: 'in', label: 'within (T22:00:00/T06:00:00)', clock: true }, { value: 'not in', label: 'outside (T22:00:00/T06:00:00)', clock: true },
];

const addressOf = (c: ConditionDraft) => (c.resource === '/config' ? '/config/localtime' : `${c.resource}/${c.attribute}`);

function conditionFrom(address: string, operator: string, value: string | undefined): ConditionDraft {
  if (address === '/config/localtime') return { resource: '/config', attribute: 'localtime', operator, value: value ?? '' };
  const parts = address.split('/');
  return { resource: parts.slice(0, 3).join('/'), attribute: parts.slice(3).join('/'), operator, value: value ?? '' };
}

function newCondition(subjects: Subject[]): ConditionDraft {
  const subject = subjects[0];
  const attribute = subject?.attributes.find((a) => a === 'state/buttonevent') ?? subject?.attributes[0] ?? '';
  return { resource: subject?.resource ?? '', attribute, operator: 'eq', value: '' };
}

function ConditionRow({ index, draft, subjects, error, onChange, onRemove }: { index: number; draft: ConditionDraft; subjects: Subject[]; error?: string; onChange(next: ConditionDraft): void; onRemove?: () => void }) {
  const subject = subjects.find((s) => s.resource === draft.resource);
  const clock = draft.resource === '/config';
  const errorId = `condition-${index}-error`;
  const invalid = error ? true : undefined;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend>Condition {index + 1}</legend>
      <div class="row">
        <label>Resource
          <select value={draft.resource} aria-invalid={invalid} onChange={(e) => {
            const resource = (e.target as HTMLSelectElement).value;
            const next = subjects.find((s) => s.resource === resource);
            onChange({ ...draft, resource, attribute: next?.attributes[0] ?? '', operator: resource === '/config' ? 'in' : 'eq' });
          }}>
            {!subject && <option value={draft.resource}>{draft.resource || 'Choose…'}</option>}
            {subjects.map((s) => <option key={s.resource} value={s.resource}>{s.label}</option>)}
          </select>
        </label>
        <label>Attribute
          <select value={draft.attribute} aria-invalid={invalid} onChange={(e) => onChange({ ...draft, attribute: (e.target as HTMLSelectElement).value })}>
            {!subject?.attributes.includes(draft.attribute) && <option value={draft.attribute}>{draft.attribute}</option>}
            {subject?.attributes.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </label>
        <label>Operator
          <select value={draft.operator} aria-invalid={invalid} onChange={(e) => onChange({ ...draft, operator: (e.target as HTMLSelectElement).value })}>
            {OPERATORS.filter((o) => Boolean(o.clock) === clock).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        {draft.operator !== 'dx' && (draft.attribute === 'state/buttonevent' && draft.operator === 'eq'
          ? <ButtonEventValue resource={draft.resource} value={draft.value} invalid={invalid} onChange={(value) => onChange({ ...draft, value })} />
          : <label>Value<input value={draft.value} aria-invalid={invalid} onInput={(e) => onChange({ ...draft, value: (e.target as HTMLInputElement).value })} /></label>)}
        {onRemove && <button type="button" class="quiet danger" aria-label={`Remove condition ${index + 1}`} onClick={onRemove}>Remove</button>}
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
  const [conditions, setConditions] = useState<ConditionDraft[]>(() => rule?.conditions.map((c) => conditionFrom(c.address, c.operator, c.value)) ?? [newCondition(subjects)]);
  const [actions, setActions] = useState<CommandDraft[]>(() => rule?.actions.map((a) => commandFrom(a.address, a.body)) ?? [emptyCommand(targets)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const body = {
      name,
      conditions: conditions.map((c) => (c.operator === 'dx' ? { address: addressOf(c), operator: c.operator } : { address: addressOf(c), operator: c.operator, value: c.value })),
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
    <form class="card editor" aria-label={id ? `Edit rule ${rule?.name}` : 'New rule'} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2>{id ? `Edit ${rule?.name}` : 'New rule'}</h2>
      <label>Name<input name="name" value={name} maxLength={64} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'rule-name-error' : undefined}
        onInput={(e) => setName((e.target as HTMLInputElement).value)} /></label>
      <FieldError id="rule-name-error" error={errors.name} />
      <h3>When</h3>
      <FieldError id="rule-conditions-error" error={errors.conditions} />
      {conditions.map((c, i) => (
        <ConditionRow key={i} index={i} draft={c} subjects={subjects} error={errors[`condition-${i}`]}
          onChange={(next) => setConditions(set(conditions, i, next))}
          onRemove={conditions.length > 1 ? () => setConditions(conditions.filter((_, j) => j !== i)) : undefined} />
      ))}
      {conditions.length < 8 && <button type="button" onClick={() => setConditions([...conditions, newCondition(subjects)])}>Add condition</button>}
      <h3>Then</h3>
      <FieldError id="rule-actions-error" error={errors.actions} />
      {actions.map((a, i) => (
        <CommandPicker key={i} id={`action-${i}`} legend={`Action ${i + 1}`} draft={a} targets={targets} error={errors[`action-${i}`]} onChange={(next) => setActions(set(actions, i, next))} />
      ))}
      {actions.length < 8 && <button type="button" onClick={() => setActions([...actions, emptyCommand(targets)])}>Add action</button>}
      <FieldError id="rule-form-error" error={errors.form ?? errors.status ?? errors.periodic} />
      <div class="button-row end">
        <button type="button" onClick={onDone}>Cancel</button>
        <button type="submit" class="primary" disabled={busy}>{busy ? 'Saving…' : 'Save rule'}</button>
      </div>
    </form>
  );
}
