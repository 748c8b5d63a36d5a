/**
 * Rule conditions compiled once at create/update (deconz-behavior.md §7): the address split into
 * resource and item, the operator checked, the value cast. A condition that does not compile is
 * error 607 at the caller.
 */
import { parseDuration } from '../time/duration';
import { parseTimeWindow, type TimeWindow } from './time-window';

export const OPERATORS = ['eq', 'ne', 'gt', 'lt', 'dx', 'ddx', 'stable', 'in', 'not in'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface ConditionInput {
  address: string;
  operator: string;
  value?: unknown;
}

/** A comparable value: booleans become 1/0 as in deCONZ; non-numeric strings compare as text. */
export type Comparable = number | string;

export interface Condition {
  /** As stored and shown (the client's address, except `illuminance` which deCONZ reads as `lux`). */
  address: string;
  /** `/sensors/5`, `/groups/2`, `/config`… */
  resource: string;
  operator: Operator;
  value?: Comparable;
  durationMs?: number;
  window?: TimeWindow;
}

export const LOCALTIME = '/config/localtime';

const RESOURCE_ADDRESS = /^\/(sensors|lights|groups|alarmsystems)\/([^/]+)\/(state|config)\/([A-Za-z_]+)$/;

/** Compile a condition; undefined when the address, operator or value is not usable. */
export function compileCondition(input: ConditionInput): Condition | undefined {
  if (typeof input.address !== 'string' || typeof input.operator !== 'string') return undefined;
  if (!(OPERATORS as readonly string[]).includes(input.operator)) return undefined;
  const operator = input.operator as Operator;
  const target = splitAddress(input.address);
  if (!target) return undefined;
  const isLocaltime = target.address === LOCALTIME;
  // Time windows only make sense on the gateway clock; the clock only has windows.
  if ((operator === 'in' || operator === 'not in') !== isLocaltime) return undefined;
  const base = { address: target.address, resource: target.resource, operator };
  switch (operator) {
    case 'in':
    case 'not in': {
      const window = typeof input.value === 'string' ? parseTimeWindow(input.value) : undefined;
      return window ? { ...base, window } : undefined;
    }
    case 'ddx':
    case 'stable': {
      const durationMs = typeof input.value === 'string' ? parseDuration(input.value) : undefined;
      return durationMs ? { ...base, durationMs } : undefined;
    }
    case 'dx':
      return base;
    default: {
      const value = castValue(input.value);
      if (value === undefined || ((operator === 'gt' || operator === 'lt') && typeof value !== 'number')) return undefined;
      return { ...base, value };
    }
  }
}

function splitAddress(address: string): { address: string; resource: string } | undefined {
  if (address === LOCALTIME) return { address, resource: '/config' };
  const match = RESOURCE_ADDRESS.exec(address);
  if (!match) return undefined;
  const [, kind, id, object, item] = match;
  if (kind === 'groups' && !(object === 'state' && (item === 'any_on' || item === 'all_on'))) return undefined;
  // deCONZ keeps the light level under `lux` and rewrites the older name.
  const normalised = kind === 'sensors' && object === 'state' && item === 'illuminance' ? 'lux' : item;
  return { address: `/${kind}/${id}/${object}/${normalised}`, resource: `/${kind}/${id}` };
}

/** deCONZ casts the condition value to the item type: "true"/"false" → 1/0, numbers stay numbers. */
export function castValue(value: unknown): Comparable | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return undefined;
  if (value === 'true') return 1;
  if (value === 'false') return 0;
  const number = Number(value);
  return Number.isFinite(number) && value.trim() !== '' ? number : value;
}

/** The stored form of a condition's value (deCONZ shows it as a string). */
export function conditionValueText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
