/**
 * The command items whose every converter key was skipped: each item translated alone says which
 * keys it becomes (`tilt` and the deprecated `sat` both become the converters' tilt).
 */
export function itemsCarriedBy(
  skipped: ReadonlySet<string>,
  items: readonly string[],
  translate: (item: string) => { ok: boolean; payloads?: Array<Record<string, unknown>> },
): string[] {
  if (skipped.size === 0) return [];
  return items.filter((item) => {
    const alone = translate(item);
    const keys = alone.ok ? [...new Set((alone.payloads ?? []).flatMap(Object.keys))].filter((key) => key !== 'transition') : [];
    return keys.length > 0 && keys.every((key) => skipped.has(key));
  });
}
