/**
 * Local automations: the rules engine and the schedule runner, their models and the resource
 * mirror rules read. Platform-free (timers are the injected `Timers`, webhooks the global `fetch`);
 * time comes from the injected clock, so tests move it and call `tick()`.
 */
import type { Logger } from 'pino';
import type { EventHub } from '../events';
import type { Clock } from '../services/clock';
import { platformTimers, type Timers } from '../services/timers';
import type { Store } from '../store/types';
import type { InternalRequests } from './internal-requests';
import { ResourceMirror, type Collections } from './resources/resource-mirror';
import { runActions } from './rules/actions';
import { RulesEngine } from './rules/engine';
import { RuleRepository } from './rules/repository';
import { ScheduleRepository } from './schedules/repository';
import { ScheduleRunner } from './schedules/runner';
import type { ScheduleClock } from './schedules/plan';

export { InternalRequests } from './internal-requests';
export { RulesEngine, type RuleSource } from './rules/engine';
export { ResourceMirror } from './resources/resource-mirror';
export type { RuleRecord, RuleAction, RuleChanges, StoredCondition } from './rules/repository';
export type { ScheduleRecord, ScheduleCommand, ScheduleInput } from './schedules/repository';

import type { ResolveHost } from '../security/webhook-target';

export interface AutomationDeps {
  store: Store;
  clock: Clock;
  events: EventHub;
  logger: Logger;
  internal: InternalRequests;
  /** Webhook timeout; default 5 s. */
  webhookTimeoutMs?: number;
  /** Random source of the schedules' `A…` part; default Math.random. */
  random?: () => number;
  fetch?: typeof fetch;
  /** What backs the schedule timer and the clock tick; default plain timers. */
  timers?: Timers;
  /** Let webhooks reach loopback and link-local addresses (`WEBHOOK_ALLOW_LOCAL=1`). */
  webhookAllowLocal?: boolean;
  resolveHost?: ResolveHost;
}

export interface Automation {
  rules: RuleRepository;
  schedules: ScheduleRepository;
  mirror: ResourceMirror;
  engine: RulesEngine;
  runner: ScheduleRunner;
  /** Zone and random source schedule times are planned with. */
  scheduleClock(): ScheduleClock;
  /** Seed the mirror from the modules' collections and start timers. */
  start(collections: Collections): Promise<void>;
  /** Evaluate the clock now: due schedules, time rules. Tests call it after moving a ManualClock. */
  tick(): Promise<void>;
  /** Wait for running rule actions (bounded). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export async function loadAutomation(deps: AutomationDeps): Promise<Automation> {
  const logger = deps.logger.child({ component: 'automation' });
  const rules = await RuleRepository.load(deps.store, logger);
  const schedules = await ScheduleRepository.load(deps.store, logger);
  const now = () => deps.clock.now();
  const timers = deps.timers ?? platformTimers;
  const timeZone = () => deps.store.settings().timezone;
  const mirror = new ResourceMirror(now, logger);
  const actionDeps = {
    // Called through a wrapper: workerd refuses the platform fetch called as another object's method.
    internal: deps.internal,
    logger,
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    webhookTimeoutMs: deps.webhookTimeoutMs ?? 5_000,
    webhookAllowLocal: deps.webhookAllowLocal,
    resolveHost: deps.resolveHost,
  };
  const engine = new RulesEngine({ repository: rules, mirror, now, timeZone, logger, run: (rule, id) => runActions(rule, actionDeps, id) });
  const random = deps.random ?? Math.random;
  const scheduleClock = (): ScheduleClock => ({ timeZone: timeZone(), random });
  const runner = new ScheduleRunner({
    repository: schedules,
    now,
    clock: scheduleClock,
    logger,
    timers,
    dispatch: async (schedule, requestId) => {
      const { method, address, body } = schedule.command;
      const result = await deps.internal.send(method, address, body, requestId);
      return result.status === 200 ? undefined : `answered ${result.status} ${JSON.stringify(result.body).slice(0, 300)}`;
    },
  });
  let ticker: unknown;
  let unfollow: (() => void) | undefined;
  let stopped = false;
  // The `/config/localtime` tick, on each second of the gateway clock as deCONZ does.
  const scheduleTick = () => {
    if (stopped) return;
    ticker = timers.set(
      () => {
        engine.tick();
        scheduleTick();
      },
      1000 - (now() % 1000),
    );
  };
  return {
    rules,
    schedules,
    mirror,
    engine,
    runner,
    scheduleClock,
    async start(collections) {
      mirror.seed(collections);
      unfollow = mirror.follow(deps.events);
      engine.start();
      await runner.start();
      engine.tick();
      scheduleTick();
    },
    async tick() {
      await runner.tick();
      engine.tick();
    },
    idle: () => engine.idle(),
    async stop() {
      stopped = true;
      if (ticker !== undefined) timers.clear(ticker);
      unfollow?.();
      await runner.stop();
      await engine.stop();
    },
  };
}
