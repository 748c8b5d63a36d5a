import { buttonEventFor, buttonMapEvents, cubeButtonEvents, type SwitchRole } from '@herdgate/shared/deconz';

type Expose = Record<string, unknown>;

/**
 * The `buttonevent` codes a switch can really send: its converter `action` values, translated by
 * the same table the state mapping uses. Sorted; empty when the device exposes no actions.
 * `role`: a cube's switches, whose codes follow from its sides rather than from action names;
 * `buttonmap`: a switch whose codes come from its model's button map.
 */
export function buttonEvents(exposes: readonly Expose[], role?: SwitchRole, buttonmap?: string): number[] {
  if (buttonmap !== undefined) return buttonMapEvents(buttonmap);
  // A cube's gestures are coded by sides, a rotation's by degrees (none to list).
  if (role === 'cube') return cubeButtonEvents();
  if (role === 'rotation') return [];
  const codes = new Set<number>();
  for (const expose of exposes) {
    if (expose.name !== 'action' || !Array.isArray(expose.values)) continue;
    for (const value of expose.values) {
      const code = typeof value === 'string' ? buttonEventFor(value) : undefined;
      if (code !== undefined) codes.add(code);
    }
  }
  return [...codes].sort((a, b) => a - b);
}
