/**
 * The rules engine: which rules an item update or a clock tick evaluates (an index by trigger item,
 * so 500 rules cost a map lookup, not a scan), whether they fire, and firing them. Conditions are
 * compiled once per rule change. Trigger decisions are synchronous; actions run after, one chain
 * per rule so a rule's own actions never overlap.
 */
import type { Logger } from 'pino';
import { compileCondition, LOCALTIME, type Condition } from './condition';
import { conditionHolds, triggerItems, type EvaluationContext, type Trigger } from './evaluate';
import type { RuleRecord, RuleRepository } from './repository';

/** What the engine needs of the rules model (the repository; benchmarks pass an in-memory one). */
export type RuleSource = Pick<RuleRepository, 'all' | 'get' | 'onChange' | 'update' | 'recordTrigger'>;
import type { MirrorChange, ResourceMirror } from '../resources/resource-mirror';
import { wallTimeAt } from '../time/zoned';
import type { ActionsOutcome } from './actions';

/**
 * A rule firing more often than this within `LOOP_WINDOW_MS` of gateway time is retriggering
 * itself (its action changes its own condition), directly or through a chain of rules: it is
 * disabled with a log line. Real sensors report far slower; a loop fires as fast as writes commit.
 * Every rule of a chain has this budget, so chains are bounded too.
 */
export const LOOP_MAX_FIRINGS = 20;
export const LOOP_WINDOW_MS = 10_000;

export interface RulesEngineDeps {
  repository: RuleSource;
  mirror: ResourceMirror;
  now: () => number;
  timeZone: () => string;
  logger: Logger;
  run: (rule: RuleRecord, requestId: string) => Promise<ActionsOutcome>;
}

interface Compiled {
  conditions: Condition[];
  /** Per condition, the `config/on` item of its resource (undefined for the clock); built once. */
  switches: (string | undefined)[];
  triggers: string[];
}

export class RulesEngine {
  private readonly compiled = new Map<string, Compiled>();
  private readonly byTrigger = new Map<string, Set<string>>();
  private readonly chains = new Map<string, Promise<void>>();
  /** Decided firings, updated synchronously so `periodic` throttles before the commit lands. */
  private readonly lastFired = new Map<string, number>();
  private readonly unsubscribe: (() => void)[] = [];
  private previousTick: number | undefined;
  private firings = 0;
  /** Recent firing times per rule, for the loop guard. */
  private readonly recent = new Map<string, number[]>();
  /** Rules the loop guard stopped (skipped at once, before the disable commits). */
  private readonly stopped = new Set<string>();

  constructor(private readonly deps: RulesEngineDeps) {}

  start(): void {
    for (const rule of this.deps.repository.all()) this.index(rule.id, rule);
    this.unsubscribe.push(this.deps.repository.onChange((id, rule) => this.index(id, rule)));
    this.unsubscribe.push(this.deps.mirror.subscribe((change) => this.onMirror(change)));
  }

  /** Stop listening and wait (bounded) for running actions. */
  async stop(timeoutMs = 5_000): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    await this.idle(timeoutMs);
  }

  async idle(timeoutMs = 5_000): Promise<void> {
    const pending = Promise.all([...this.chains.values()]);
    let bound: ReturnType<typeof setTimeout> | undefined;
    // Cleared once settled: a pending bound would keep a closing gateway's process alive for it.
    await Promise.race([pending, new Promise((resolve) => (bound = setTimeout(resolve, timeoutMs)))]).finally(() => clearTimeout(bound));
  }

  /** Number of firings decided since start (benchmarks, logs). */
  firingCount(): number {
    return this.firings;
  }

  /** The gateway clock moved on: evaluate rules watching `/config/localtime`. */
  tick(now = this.deps.now()): void {
    const previousTick = this.previousTick ?? now - 1000;
    this.previousTick = now;
    if (now <= previousTick) return;
    this.evaluate(this.byTrigger.get(LOCALTIME), { kind: 'tick', previousTick }, now, new Set());
  }

  private onMirror(change: MirrorChange): void {
    if (change.kind === 'removed') {
      this.disableRulesOn(change.resource);
      return;
    }
    const now = this.deps.now();
    // One update can carry several trigger items of a rule; it fires at most once for it.
    const done = new Set<string>();
    for (const item of change.changes) {
      if (!item.changed) continue;
      this.evaluate(this.byTrigger.get(item.address), { kind: 'item', address: item.address, previous: item.previous, changed: true }, now, done);
    }
  }

  private evaluate(ids: Set<string> | undefined, trigger: Trigger, now: number, done: Set<string>): void {
    if (!ids) return;
    const zone = this.deps.timeZone();
    const ctx: EvaluationContext = { now, trigger, item: (a) => this.deps.mirror.item(a), wallTime: (ms) => wallTimeAt(ms, zone) };
    for (const id of ids) {
      if (done.has(id)) continue;
      const rule = this.deps.repository.get(id);
      const compiled = this.compiled.get(id);
      if (!rule || !compiled || rule.status !== 'enabled' || this.stopped.has(id) || !this.mayFire(rule, now)) continue;
      if (!compiled.conditions.every((condition, i) => this.switchedOn(compiled.switches[i]) && conditionHolds(condition, ctx))) continue;
      done.add(id);
      this.fire(rule, now, trigger.kind === 'tick' ? 'clock tick' : trigger.address);
    }
  }

  /** deCONZ skips rules whose condition sensor is switched off (`config.on` false). */
  private switchedOn(onItem: string | undefined): boolean {
    return onItem === undefined || this.deps.mirror.item(onItem)?.value !== false;
  }

  private mayFire(rule: RuleRecord, now: number): boolean {
    if (rule.periodic < 0) return false;
    const last = this.lastFired.get(rule.id) ?? rule.lastTriggeredAt;
    return rule.periodic === 0 || last === null || now >= last + rule.periodic;
  }

  /** Count a firing; false (and the rule disabled) when it is looping. */
  private withinLoopBudget(rule: RuleRecord, now: number): boolean {
    const times = (this.recent.get(rule.id) ?? []).filter((t) => t > now - LOOP_WINDOW_MS);
    times.push(now);
    this.recent.set(rule.id, times);
    if (times.length <= LOOP_MAX_FIRINGS) return true;
    this.stopped.add(rule.id);
    this.deps.logger.warn(
      { rule: rule.id, name: rule.name, firings: times.length, windowMs: LOOP_WINDOW_MS },
      'rule disabled: it retriggers itself (its actions keep changing its own conditions, directly or through other rules)',
    );
    this.deps.repository
      .update(rule.id, { status: 'disabled' })
      .catch((err: unknown) => this.deps.logger.error({ err, rule: rule.id }, 'could not disable rule'));
    return false;
  }

  private fire(rule: RuleRecord, now: number, reason: string): void {
    if (!this.withinLoopBudget(rule, now)) return;
    this.firings += 1;
    this.lastFired.set(rule.id, now);
    const requestId = `rule-${rule.id}-${this.firings}`;
    this.deps.logger.info({ rule: rule.id, name: rule.name, reason, requestId }, 'rule triggered');
    const previous = this.chains.get(rule.id) ?? Promise.resolve();
    const chain = previous
      .then(async () => {
        const outcome = await this.deps.run(rule, requestId);
        if (outcome.failure === undefined) await this.deps.repository.recordTrigger(rule.id, now);
      })
      .catch((err: unknown) => this.deps.logger.error({ err, rule: rule.id }, 'rule firing failed'));
    this.chains.set(rule.id, chain);
    void chain.finally(() => {
      if (this.chains.get(rule.id) === chain) this.chains.delete(rule.id);
    });
  }

  private disableRulesOn(resource: string): void {
    for (const [id, compiled] of this.compiled) {
      const rule = this.deps.repository.get(id);
      if (rule?.status !== 'enabled' || !compiled.conditions.some((c) => c.resource === resource)) continue;
      this.deps.logger.warn({ rule: id, name: rule.name, resource }, 'rule disabled: a condition resource was deleted');
      this.deps.repository.update(id, { status: 'disabled' }).catch((err: unknown) => this.deps.logger.error({ err, rule: id }, 'could not disable rule'));
    }
  }

  private index(id: string, rule: RuleRecord | undefined): void {
    for (const trigger of this.compiled.get(id)?.triggers ?? []) this.byTrigger.get(trigger)?.delete(id);
    this.compiled.delete(id);
    // A rule changed by a client (e.g. enabled again) starts with a fresh loop budget.
    if (rule?.status === 'enabled') {
      this.stopped.delete(id);
      this.recent.delete(id);
    }
    if (!rule) {
      this.lastFired.delete(id);
      this.stopped.delete(id);
      this.recent.delete(id);
      return;
    }
    const conditions = rule.conditions.map((c) => compileCondition(c)).filter((c): c is Condition => c !== undefined);
    if (conditions.length !== rule.conditions.length) {
      // Validated at write time, so only a hand-edited database gets here; never fire on part of a rule.
      this.deps.logger.error({ rule: id }, 'rule has conditions that do not compile; it will not fire');
      return;
    }
    const triggers = triggerItems(conditions);
    const switches = conditions.map((c) => (c.resource === '/config' ? undefined : `${c.resource}/config/on`));
    this.compiled.set(id, { conditions, switches, triggers });
    for (const trigger of triggers) {
      let set = this.byTrigger.get(trigger);
      if (!set) this.byTrigger.set(trigger, (set = new Set()));
      set.add(id);
    }
  }
}
