import type { Logger } from 'pino';
import type { EventHub } from '../../events';
import { utcSeconds } from '../../lib/timestamps';
import type { Clock } from '../../services/clock';
import type { Store } from '../../store/types';
import { savePinGuard } from './pin-guard-rows';
import { verifyPin, type AlarmPin } from './pin-record';
import { OPEN_GUARD, lockedUntil, recordFailure, recordSuccess, type GuardState } from './pin-guard';
import { lockoutEvent } from './view';

export type PinCheck = { ok: true } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'locked'; until: number };

/**
 * PIN checks with the lock-out of `pin-guard.ts`, one guard per alarm system, kept in libSQL
 * (`pin-guard-rows.ts`) and committed before an attempt is answered: restarting the api neither
 * lifts a lock-out nor forgets the wrong PINs counting towards one. Wrong PINs from REST and
 * keypads count together; during a lock-out nothing is checked at all. A lock-out is logged and
 * pushed as a WebSocket event; the PIN itself is never logged. Callers run checks one at a time.
 */
export class PinChecks {
  constructor(
    private readonly deps: { clock: Clock; logger: Logger; events: EventHub; store: Store },
    /** As loaded at start; memory follows each commit. */
    private readonly guards: Map<string, GuardState>,
  ) {}

  private save(id: string, guard: GuardState): Promise<void> {
    return savePinGuard(this.deps.store, id, guard, () => {
      if (guard === OPEN_GUARD) this.guards.delete(id);
      else this.guards.set(id, guard);
    });
  }

  async check(id: string, stored: AlarmPin | null, code: string, source: string): Promise<PinCheck> {
    const log = this.deps.logger.child({ alarmsystem: id, source });
    const guard = this.guards.get(id) ?? OPEN_GUARD;
    const locked = lockedUntil(guard, this.deps.clock.now());
    if (locked) {
      log.warn({ until: utcSeconds(locked) }, 'alarm PIN attempt refused: locked out');
      return { ok: false, reason: 'locked', until: locked };
    }
    if (stored && (await verifyPin(stored, code))) {
      if (this.guards.has(id)) await this.save(id, recordSuccess());
      return { ok: true };
    }
    // Read again after the await: another attempt may have counted meanwhile.
    const outcome = recordFailure(this.guards.get(id) ?? OPEN_GUARD, this.deps.clock.now());
    await this.save(id, outcome.guard);
    log.warn({ configured: stored !== null }, 'alarm PIN refused: wrong code');
    if (outcome.lockoutMs) {
      const until = outcome.guard.lockedUntil;
      log.warn({ until: utcSeconds(until), seconds: outcome.lockoutMs / 1000 }, 'alarm PIN locked out after repeated wrong codes');
      this.deps.events.publish(lockoutEvent(id, utcSeconds(until), outcome.lockoutMs / 1000));
    }
    return { ok: false, reason: 'invalid' };
  }

  /** A new PIN starts with a clean slate. */
  async reset(id: string): Promise<void> {
    if (this.guards.has(id)) await this.save(id, OPEN_GUARD);
  }
}
