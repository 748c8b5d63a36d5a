import type { ErrorItemInput } from '@herdgate/shared/errors';
import type { StatePlan } from './plan-state';

/** A state answer once the device took part of the command: what it acknowledged, and what it could not take. */
export interface PartAnswer {
  errors: ErrorItemInput[];
  successes: Record<string, unknown>[];
  /** The items that reached the device, to show as acknowledged. */
  command: Record<string, unknown>;
}

/**
 * The bridge sent what the device takes and named the command items it cannot (a tilt for a roller
 * shade): each of those answers 6 at the parameter the client sent (`sat` for the tilt it became),
 * after the plan's own errors, and loses its success entry; deCONZ answers so, per parameter, 200.
 */
export function withoutRefused(plan: StatePlan, base: string, unsupported: readonly string[] = []): PartAnswer {
  if (unsupported.length === 0) return { errors: plan.errors, successes: plan.successes, command: plan.command };
  const params = unsupported.filter((item) => item in plan.command).map((item) => plan.sentFrom?.[item] ?? item);
  const addresses = new Set(params.map((param) => `${base}/${param}`));
  const command = Object.fromEntries(Object.entries(plan.command).filter(([item]) => !unsupported.includes(item)));
  return {
    errors: [...plan.errors, ...params.map((name): ErrorItemInput => ({ type: 6, address: `${base}/${name}`, params: { name } }))],
    successes: plan.successes.filter((success) => !Object.keys(success).some((address) => addresses.has(address))),
    command,
  };
}
