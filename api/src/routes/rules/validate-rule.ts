/**
 * Rule bodies are checked field by field and every problem is reported at once (deCONZ
 * accumulates rule errors), with the rule-specific types 607 (condition) and 608 (action) that the
 * generic valibot wrapper does not know; hence this small validator of its own.
 */
import type { ErrorItemInput } from '@herdgate/shared/errors';
import { compileCondition, conditionValueText, type ConditionInput } from '../../automation/rules/condition';
import { isWebhook } from '../../automation/rules/actions';
import type { RuleAction, RuleChanges, StoredCondition } from '../../automation';
import type { ResourceMirror } from '../../automation/resources/resource-mirror';

const MAX_ITEMS = 8;
const ACTION_TARGETS = new Set(['groups', 'lights', 'schedules', 'scenes', 'sensors', 'rules', 'alarmsystems']);
const METHODS = new Set(['PUT', 'POST', 'DELETE', 'GET']);
const MISSING = 'invalid/missing parameters in body';

export interface RuleValidation {
  changes: RuleChanges;
  errors: ErrorItemInput[];
}

type Field = 'name' | 'status' | 'periodic' | 'conditions' | 'actions';
const FIELDS: readonly Field[] = ['name', 'conditions', 'actions', 'status', 'periodic'];

/** `create` needs name, conditions and actions; `update` takes any of the five and refuses others. */
export function validateRule(body: Record<string, unknown>, mirror: ResourceMirror, mode: 'create' | { update: string }): RuleValidation {
  const errors: ErrorItemInput[] = [];
  const changes: RuleChanges = {};
  if (mode !== 'create') {
    for (const key of Object.keys(body)) {
      if (!(FIELDS as readonly string[]).includes(key)) errors.push({ type: 6, address: `/rules/${mode.update}/${key}`, params: { name: key } });
    }
  }
  for (const field of FIELDS) {
    const value = body[field];
    if (value === undefined) {
      if (mode === 'create' && (field === 'name' || field === 'conditions' || field === 'actions')) {
        errors.push({ type: 5, address: `/rules/${field}`, description: MISSING });
      }
      continue;
    }
    const problem = CHECKS[field](value, mirror, changes);
    if (problem) errors.push(...problem);
  }
  return { changes, errors };
}

type Check = (value: unknown, mirror: ResourceMirror, changes: RuleChanges) => ErrorItemInput[] | undefined;

const invalid = (name: string, value: unknown): ErrorItemInput[] => [
  { type: 7, address: `/rules/${name}`, params: { name, value: typeof value === 'string' ? value : JSON.stringify(value) } },
];

const CHECKS: Record<Field, Check> = {
  name(value, _mirror, changes) {
    if (typeof value !== 'string' || value.length === 0 || value.length > 64) return invalid('name', value);
    changes.name = value;
    return undefined;
  },
  status(value, _mirror, changes) {
    if (value !== 'enabled' && value !== 'disabled') return invalid('status', value);
    changes.status = value;
    return undefined;
  },
  periodic(value, _mirror, changes) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return invalid('periodic', value);
    changes.periodic = value;
    return undefined;
  },
  conditions(value, mirror, changes) {
    const size = listProblem('conditions', value);
    if (size) return size;
    const errors: ErrorItemInput[] = [];
    const stored: StoredCondition[] = [];
    for (const item of value as unknown[]) {
      const condition = checkCondition(item, mirror);
      if (typeof condition === 'string') errors.push({ type: 607, address: condition });
      else stored.push(condition);
    }
    if (errors.length === 0) changes.conditions = stored;
    return errors;
  },
  actions(value, _mirror, changes) {
    const size = listProblem('actions', value);
    if (size) return size;
    const errors: ErrorItemInput[] = [];
    const stored: RuleAction[] = [];
    for (const item of value as unknown[]) {
      const action = checkAction(item);
      if ('type' in action) errors.push(action);
      else stored.push(action);
    }
    if (errors.length === 0) changes.actions = stored;
    return errors;
  },
};

function listProblem(name: 'conditions' | 'actions', value: unknown): ErrorItemInput[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return [{ type: 5, address: `/rules/${name}`, description: MISSING }];
  if (value.length > MAX_ITEMS) return [{ type: 11, address: `/rules/${name}` }];
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored condition, or the address to report error 607 at. */
function checkCondition(item: unknown, mirror: ResourceMirror): StoredCondition | string {
  if (!isObject(item)) return '/rules/conditions';
  const address = typeof item.address === 'string' ? item.address : '/rules/conditions';
  const compiled = compileCondition(item as unknown as ConditionInput);
  if (!compiled) return address;
  if (!conditionTargetExists(compiled.resource, compiled.address, mirror)) return address;
  const value = compiled.operator === 'dx' ? undefined : conditionValueText(item.value);
  return value === undefined ? { address: compiled.address, operator: compiled.operator } : { address: compiled.address, operator: compiled.operator, value };
}

function checkAction(item: unknown): RuleAction | ErrorItemInput {
  if (!isObject(item)) return { type: 608, address: '/rules/actions' };
  const { address, method, body } = item;
  if (typeof address !== 'string' || !validTarget(address)) return { type: 608, address: typeof address === 'string' ? address : '/rules/actions' };
  if (typeof method !== 'string' || !METHODS.has(method)) return { type: 7, address: '/rules/method', params: { name: 'method', value: String(method) } };
  if (!isObject(body)) return { type: 608, address };
  return { address, method, body };
}

function validTarget(address: string): boolean {
  if (isWebhook(address)) return URL.canParse(address);
  const segments = address.split('/');
  return segments[0] === '' && segments.length >= 3 && ACTION_TARGETS.has(segments[1]!) && segments[2] !== '';
}

/** Light state items a rule may name before the lamp first reported them (a lamp fresh from pairing shows no `on`). */
const LIGHT_STATE_ITEMS = new Set(['on', 'bri', 'hue', 'sat', 'ct', 'xy', 'colormode', 'effect', 'lift', 'tilt', 'open', 'speed']);

/**
 * The resource must exist now (the clock always does), and so must the item, except a sensor's
 * state items (a switch never pressed has no `buttonevent` yet, and a button rule is the commonest
 * rule there is) and a light's known state items. Such a condition simply does not hold until the
 * item is first reported.
 */
function conditionTargetExists(resource: string, address: string, mirror: ResourceMirror): boolean {
  if (resource === '/config') return true;
  if (!mirror.hasResource(resource)) return false;
  if (mirror.hasItem(address)) return true;
  const item = address.slice(resource.length);
  if (resource.startsWith('/sensors/')) return item.startsWith('/state/');
  return resource.startsWith('/lights/') && item.startsWith('/state/') && LIGHT_STATE_ITEMS.has(item.slice('/state/'.length));
}
