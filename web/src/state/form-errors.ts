import type { DeconzErrorEntry } from '../api/client';

/**
 * Which form field each gateway error belongs to, from its `address`. A rule's condition errors
 * (607) and action errors (608) carry the condition's or action's own address, so they are matched
 * against the rows; field errors carry `/<collection>/<field>` (or `/<collection>/<id>/<field>`).
 * Unplaced errors land on `form`.
 */
export function placeErrors(
  errors: DeconzErrorEntry[],
  collection: 'rules' | 'schedules',
  rows: { conditions?: string[]; actions?: string[] } = {},
): Record<string, string> {
  const placed: Record<string, string> = {};
  const add = (field: string, text: string) => {
    placed[field] = placed[field] ? `${placed[field]}; ${text}` : text;
  };
  for (const error of errors) {
    if (error.type === 607 && rows.conditions?.includes(error.address)) {
      add(`condition-${rows.conditions.indexOf(error.address)}`, error.description);
      continue;
    }
    if (error.type === 608 && rows.actions?.includes(error.address)) {
      add(`action-${rows.actions.indexOf(error.address)}`, error.description);
      continue;
    }
    const parts = error.address.split('/').filter((p) => p !== '');
    if (parts[0] === collection && parts.length >= 2) {
      // `/rules/name`, `/rules/3/name`, `/schedules/command/address` → name, command.
      const field = /^\d+$/.test(parts[1]!) ? parts[2] : parts[1];
      if (field) {
        add(field, error.description);
        continue;
      }
    }
    if (error.type === 607) add('conditions', error.description);
    else if (error.type === 608) add('actions', error.description);
    else add('form', error.description);
  }
  return placed;
}
