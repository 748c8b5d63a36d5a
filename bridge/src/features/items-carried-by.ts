/**
 * What a device set leaves out: the converters skip a key none of them takes (a tilt for a roller
 * shade that cannot tilt); the bridge answers the command items behind those keys as unsupported,
 * and the rest went out, as deCONZ applies the parameters a light can take.
 */
type Translate = (item: string) => { ok: boolean; payloads?: Array<Record<string, unknown>> };

const keysOf = (item: string, translate: Translate) => {
  const alone = translate(item);
  return alone.ok ? [...new Set((alone.payloads ?? []).flatMap(Object.keys))].filter((key) => key !== 'transition') : [];
};

/**
 * The command items whose every converter key was skipped: each item translated alone says which
 * keys it becomes (`tilt` and the deprecated `sat` both become the converters' tilt).
 */
export function itemsCarriedBy(skipped: ReadonlySet<string>, items: readonly string[], translate: Translate): string[] {
  if (skipped.size === 0) return [];
  return items.filter((item) => {
    const keys = keysOf(item, translate);
    return keys.length > 0 && keys.every((key) => skipped.has(key));
  });
}

/**
 * The items to answer unsupported, or a refusal naming one: nothing went out at all, or a skipped
 * key no item explains (a start-up setting), which is refused as a whole as before.
 */
export function leftOut(
  skipped: ReadonlySet<string>,
  delivered: boolean,
  items: readonly string[],
  translate: Translate,
): { unsupported: string[]; refuse?: string } {
  const unsupported = itemsCarriedBy(skipped, items, translate);
  const explained = new Set(unsupported.flatMap((item) => keysOf(item, translate)));
  const unexplained = [...skipped].find((key) => !explained.has(key));
  if (unexplained !== undefined) return { unsupported, refuse: unexplained };
  if (!delivered && unsupported.length > 0) return { unsupported, refuse: unsupported[0] };
  return { unsupported };
}
