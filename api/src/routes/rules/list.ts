import type { Services } from '../../context';
import { renderRule } from './render';

/** The rules collection keyed by id (also the `rules` member of the full state). */
export function listRules(services: Services): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const rule of services.automation.rules.all()) out[rule.id] = renderRule(rule);
  return out;
}
