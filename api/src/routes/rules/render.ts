import type { RuleRecord } from '../../automation';
import { utcSeconds } from '../../lib/timestamps';

/** A rule as `GET /rules/<id>` shows it (deconz-behavior.md §7, timestamps per §18). */
export function renderRule(rule: RuleRecord): Record<string, unknown> {
  return {
    actions: rule.actions,
    conditions: rule.conditions,
    created: utcSeconds(rule.createdAt),
    etag: rule.etag,
    lasttriggered: rule.lastTriggeredAt === null ? 'none' : utcSeconds(rule.lastTriggeredAt),
    name: rule.name,
    owner: rule.owner,
    periodic: rule.periodic,
    status: rule.status,
    timestriggered: rule.timesTriggered,
  };
}
