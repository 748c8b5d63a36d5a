import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceMirror } from '../resources/resource-mirror';
import type { ActionsOutcome } from './actions';
import { RulesEngine, type RuleSource } from './engine';
import type { RuleRecord } from './repository';

const NOON = Date.UTC(2026, 0, 15, 12, 0, 0);

// Fires on the clock tick that opens its window (12:00 UTC).
const noonRule: RuleRecord = {
  id: '1',
  name: 'noon',
  owner: 'k',
  status: 'enabled',
  periodic: 0,
  conditions: [{ address: '/config/localtime', operator: 'in', value: 'T12:00:00/T13:00:00' }],
  actions: [{ address: '/groups/0/action', method: 'PUT', body: { on: true } }],
  createdAt: 0,
  lastTriggeredAt: null,
  timesTriggered: 0,
  etag: 'e',
};

function engineRunning(run: () => Promise<ActionsOutcome>): RulesEngine {
  const repository: RuleSource = {
    all: () => [noonRule][Symbol.iterator](),
    get: (id: string) => (id === noonRule.id ? noonRule : undefined),
    onChange: () => () => {},
    update: async () => noonRule,
    recordTrigger: async () => {},
  } as unknown as RuleSource;
  const engine = new RulesEngine({
    repository,
    mirror: new ResourceMirror(() => NOON, pino({ level: 'silent' })),
    now: () => NOON,
    timeZone: () => 'UTC',
    logger: pino({ level: 'silent' }),
    run,
  });
  engine.start();
  return engine;
}

describe('rules engine idle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should leave no timer behind once the running actions finished', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const run = vi.fn(() => new Promise<ActionsOutcome>((resolve) => (finish = () => resolve({} as ActionsOutcome))));
    const engine = engineRunning(run);
    engine.tick(NOON);
    let done = false;
    const idle = engine.idle().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    finish();
    await idle;
    // The 5 s bound must not outlive the wait: it kept every closing gateway's process alive.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should stop waiting at its bound for actions that never end', async () => {
    vi.useFakeTimers();
    const engine = engineRunning(() => new Promise<ActionsOutcome>(() => {}));
    engine.tick(NOON);
    let done = false;
    const idle = engine.idle(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await idle;
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
