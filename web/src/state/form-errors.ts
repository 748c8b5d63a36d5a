import type { DeconzErrorEntry } from '../api/client';

/**
 * Which form field each gateway error belongs to, from its `address`. A rule's condition errors
 * (607) and action errors (608) carry the condition's or action's own address, so they are matched
 * against the rows; field errors carry `/<collection>/<field>` (or `/<collection>/<id>/<field>`).
 * Unplaced errors land on `form`. Each is said in words (`errorWords`), not in deCONZ's wording.
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
  for (const raw of errors) {
    const error = { ...raw, description: errorWords(raw) };
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

/** A gateway error in words for the field it concerns (the deCONZ descriptions are for programmers). */
export function errorWords(error: DeconzErrorEntry): string {
  const value = /^invalid value, (.*), for parameter/.exec(error.description)?.[1];
  switch (error.type) {
    case 3:
      return 'This no longer exists: it may have been removed.';
    case 5:
      return 'This is needed: fill it in.';
    case 6:
      return 'The gateway does not take this here.';
    case 7:
      return value ? `“${value}” is not a value this takes.` : 'This value is not one this takes.';
    case 8:
      return 'This cannot be changed.';
    case 607:
      return 'This condition cannot work: check what it watches, how, and its value.';
    case 608:
      return 'This action cannot work: check its target and what it does.';
    case 950:
      return 'The radio is not reachable right now; try again in a moment.';
    case 951:
      return 'The gateway is busy; try again in a moment.';
    default:
      return error.description;
  }
}
