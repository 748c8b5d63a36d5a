/**
 * Which stored rows a device's sub-devices take over when a sub-device has no row of its own
 * uniqueid. A takeover keeps the other gateway's uniqueids (clients such as Home Assistant key
 * their entities on them), and deCONZ names some sub-devices otherwise than herdgate does: an IKEA
 * remote's switch is `…-01-1000` there, `…-01-0006` here. Such a row is taken over, keeping its
 * id, name and uniqueid, instead of a second resource being created for the same thing. Pure: the
 * mapping is derived again from the rows and the description on every sync, nothing is stored.
 */

export interface AdoptableRow {
  id: string;
  uniqueid: string;
  endpoint?: number | null;
  deleted: boolean;
}

export interface DescribedSub {
  uniqueid: string;
  endpoint: number;
  type: string;
}

/**
 * `rows`: every row of the device, deleted ones too. A row whose uniqueid no sub-device of the
 * device claims goes to a sub-device without a row of its own and of the same kind: first on the
 * same endpoint, then, where exactly one such sub-device and one such row of a kind are left,
 * across endpoints (deCONZ puts a Hue dimmer's switch on another endpoint). Live rows first, then
 * lowest id. A deleted row is taken too and stays deleted as a sub-device's own would: deleting a
 * taken-over sensor must not bring a new one, and the device's return brings the old one back.
 * Returns sub-device uniqueid -> the row it takes over.
 */
export function adoptedRows<R extends AdoptableRow>(
  subs: readonly DescribedSub[],
  rows: readonly R[],
  sameKind: (sub: DescribedSub, row: R) => boolean,
): Map<string, R> {
  const claimed = new Set(subs.map((sub) => sub.uniqueid));
  const owned = new Set(rows.map((row) => row.uniqueid));
  const free = rows.filter((row) => !claimed.has(row.uniqueid)).sort((a, b) => Number(a.deleted) - Number(b.deleted) || Number(a.id) - Number(b.id));
  const open = subs.filter((sub) => !owned.has(sub.uniqueid));
  const adopted = new Map<string, R>();
  const take = (sub: DescribedSub, row: R) => {
    adopted.set(sub.uniqueid, row);
    free.splice(free.indexOf(row), 1);
  };
  for (const sub of open) {
    const row = free.find((candidate) => candidate.endpoint === sub.endpoint && sameKind(sub, candidate));
    if (row) take(sub, row);
  }
  const left = open.filter((sub) => !adopted.has(sub.uniqueid));
  for (const sub of left) {
    const rivals = left.filter((other) => free.some((row) => sameKind(other, row) && sameKind(sub, row)));
    const rows = free.filter((row) => sameKind(sub, row));
    if (rivals.length === 1 && rows.length === 1) take(sub, rows[0]!);
  }
  return adopted;
}
