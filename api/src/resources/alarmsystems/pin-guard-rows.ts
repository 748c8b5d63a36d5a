/**
 * The PIN guards of `pin-guard.ts` in libSQL (`alarm_pin_guards`): loaded at start, each change
 * committed before the attempt that caused it is answered, so a restart never lifts a lock-out
 * or forgets the wrong PINs counting towards one. An open guard has no row.
 */
import { eq } from 'drizzle-orm';
import { alarmPinGuards } from '../../store/schema';
import type { Store } from '../../store/types';
import type { GuardState } from './pin-guard';

const isOpen = (guard: GuardState) => guard.failures.length === 0 && guard.lockedUntil === 0 && guard.lockouts === 0;

export async function loadPinGuards(store: Store): Promise<Map<string, GuardState>> {
  const rows = await store.read((tx) => tx.select().from(alarmPinGuards));
  return new Map(
    rows.map((row) => {
      const failures = JSON.parse(row.failures) as unknown;
      return [
        row.alarmsystem,
        {
          failures: Array.isArray(failures) ? failures.filter((at): at is number => typeof at === 'number') : [],
          lockedUntil: row.lockedUntil,
          lockouts: row.lockouts,
        },
      ];
    }),
  );
}

/** Store one system's guard (an open one removes its row); `apply` runs after the commit. */
export function savePinGuard(store: Store, alarmsystem: string, guard: GuardState, apply: () => void): Promise<void> {
  // Not a revision: nothing a client reads changes with a wrong PIN (the lock-out has its own event).
  return store.writeUnseen(async (tx) => {
    if (isOpen(guard)) {
      await tx.delete(alarmPinGuards).where(eq(alarmPinGuards.alarmsystem, alarmsystem));
      return;
    }
    const row = { failures: JSON.stringify(guard.failures), lockedUntil: guard.lockedUntil, lockouts: guard.lockouts };
    await tx
      .insert(alarmPinGuards)
      .values({ alarmsystem, ...row })
      .onConflictDoUpdate({ target: alarmPinGuards.alarmsystem, set: row });
  }, apply);
}
