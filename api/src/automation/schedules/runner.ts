/**
 * Fires schedules when they fall due, with a timer armed for the next one (at most a minute ahead,
 * so clock jumps and zone changes are picked up) and on every explicit `tick()`.
 *
 * Restart policy: every firing first commits its consequence (next firing, disable or delete) and
 * only then sends the command, so a crash or restart can never send one occurrence twice. At start
 * the runner ticks at once: an occurrence that fell due while the gateway was down is sent then,
 * once, if it is at most `MISSED_GRACE_MS` late (a 07:00 alarm still rings at 07:20 after a power
 * cut); an older one is skipped and logged, since lights switching hours late surprise more than
 * help. Several occurrences missed in a row collapse into that one firing.
 */
import type { Logger } from 'pino';
import type { Timers } from '../../services/timers';
import type { ScheduleRecord, ScheduleRepository, ScheduleInput } from './repository';
import { nextFireOf, scheduleTimeOf, type ScheduleClock } from './plan';

export const MISSED_GRACE_MS = 60 * 60_000;
const MAX_TIMER_MS = 60_000;

export interface ScheduleRunnerDeps {
  repository: ScheduleRepository;
  now: () => number;
  clock: () => ScheduleClock;
  logger: Logger;
  timers: Timers;
  /** Sends the command; resolves with a failure text or undefined. */
  dispatch: (schedule: ScheduleRecord, requestId: string) => Promise<string | undefined>;
}

export class ScheduleRunner {
  private timer: unknown;
  private running: Promise<void> = Promise.resolve();
  private stopped = true;
  private offChange: (() => void) | undefined;
  private fired = 0;
  /** The zone the committed local firings were planned in; a zone change re-plans them. */
  private zone: string | undefined;
  /** The instant the last tick looked at; what was due then and is still pending failed to commit. */
  private lastTickAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: ScheduleRunnerDeps) {}

  start(): Promise<void> {
    this.stopped = false;
    this.offChange = this.deps.repository.onChange(() => this.arm());
    return this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.offChange?.();
    if (this.timer !== undefined) this.deps.timers.clear(this.timer);
    await this.running;
  }

  /** Fire everything due now; ticks never overlap. */
  tick(): Promise<void> {
    this.running = this.running.then(() => this.fireDue()).catch((err: unknown) => this.deps.logger.error({ err }, 'schedule tick failed'));
    return this.running.then(() => this.arm());
  }

  firedCount(): number {
    return this.fired;
  }

  private async fireDue(): Promise<void> {
    const now = this.deps.now();
    const previousTick = this.lastTickAt;
    this.lastTickAt = now;
    const zone = this.deps.clock().timeZone;
    if (this.zone !== undefined && this.zone !== zone) await this.replanLocal(previousTick, zone);
    this.zone = zone;
    const due = [...this.deps.repository.all()]
      .filter((s) => s.status === 'enabled' && s.nextFireAt !== null && s.nextFireAt <= now)
      .sort((a, b) => a.nextFireAt! - b.nextFireAt!);
    for (const schedule of due) await this.fire(schedule, now);
  }

  private async fire(schedule: ScheduleRecord, now: number): Promise<void> {
    const late = now - schedule.nextFireAt!;
    const missed = late > MISSED_GRACE_MS;
    const consequence = this.consequence(schedule, now, missed);
    // Conditional on the version that fell due: a client who changed or deleted it meanwhile wins,
    // and what it no longer is does not fire.
    const landed =
      consequence === 'delete'
        ? await this.deps.repository.delete(schedule.id, schedule.etag)
        : (await this.deps.repository.update(schedule.id, consequence, schedule.etag)) !== undefined;
    if (!landed) return;
    const log = { schedule: schedule.id, name: schedule.name, due: schedule.nextFireAt, lateMs: late };
    if (missed) {
      this.deps.logger.warn(log, 'schedule skipped: it fell due while the gateway was down, longer ago than the grace period');
      return;
    }
    this.fired += 1;
    const reason = late > 5_000 ? 'fell due while the gateway was down' : 'due';
    const requestId = `schedule-${schedule.id}-${this.fired}`;
    this.deps.logger.info({ ...log, reason, requestId }, 'schedule fired');
    const failure = await this.deps.dispatch(schedule, requestId);
    if (failure) this.deps.logger.warn({ ...log, failure }, 'schedule command failed');
  }

  /**
   * `PUT /config {"timezone"}` moved local wall times: plan their firings again in the new zone.
   * The runner only notices at a tick, possibly the very instant a schedule made in the new zone is
   * due, so each is re-planned from what this runner already handled (the previous tick, or the
   * schedule's own start if later), not from now: an occurrence between then and now fires at once.
   */
  private async replanLocal(previousTick: number, zone: string): Promise<void> {
    for (const schedule of [...this.deps.repository.all()]) {
      if (schedule.status !== 'enabled' || schedule.localtime === null || schedule.nextFireAt === null) continue;
      const kind = scheduleTimeOf(schedule, this.deps.clock())?.time.kind;
      if (kind !== 'absolute' && kind !== 'weekly') continue;
      const nextFireAt = nextFireOf(schedule, Math.max(previousTick, schedule.startedAt), this.deps.clock());
      this.deps.logger.info({ schedule: schedule.id, zone, nextFireAt }, 'schedule re-planned for a new time zone');
      await this.deps.repository.update(schedule.id, { nextFireAt });
    }
  }

  /** What a firing leaves behind: the next occurrence, or the end (disabled or deleted). */
  private consequence(schedule: ScheduleRecord, now: number, missed: boolean): Partial<ScheduleInput> | 'delete' {
    const parsed = scheduleTimeOf(schedule, this.deps.clock());
    const firings = schedule.firings + (missed ? 0 : 1);
    const repeats = parsed?.time.kind === 'weekly' || (parsed?.time.kind === 'recurring' && (parsed.time.count === 0 || firings < parsed.time.count));
    const next = repeats ? nextFireOf(schedule, now, this.deps.clock()) : null;
    if (next !== null) return { nextFireAt: next, firings };
    return schedule.autodelete ? 'delete' : { status: 'disabled', nextFireAt: null, firings };
  }

  private arm(): void {
    if (this.stopped) return;
    if (this.timer !== undefined) this.deps.timers.clear(this.timer);
    let next = Number.POSITIVE_INFINITY;
    for (const s of this.deps.repository.all()) if (s.status === 'enabled' && s.nextFireAt !== null) next = Math.min(next, s.nextFireAt);
    if (next === Number.POSITIVE_INFINITY) return;
    const wait = next - this.deps.now();
    // Due since the last tick looked: go now. Due already then: its commit failed, so retry once a
    // second rather than in a hot loop.
    const delay = wait > 0 ? Math.min(MAX_TIMER_MS, wait) : next <= this.lastTickAt ? 1000 : 0;
    this.timer = this.deps.timers.set(() => void this.tick(), delay);
  }
}
