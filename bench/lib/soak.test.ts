import { describe, expect, it } from 'vitest';
import { runSoak } from './soak';

/**
 * The soak benchmark scaled down to seconds: the same mixed traffic on a small network. Asserts
 * that the bridge and the api live through it and answer every command and request without an error; no
 * timings (those are the benchmark's, docs/benchmarks.md).
 */
describe('soak (short)', () => {
  it('should answer every command and request of mixed traffic without an error and stay up', async () => {
    const figures = await runSoak({ devices: 12, durationMs: 10_500, sampleEveryMs: 2_000, log: () => {} });
    expect(figures.bridgeExited).toBe(false);
    expect(figures.sent.lampCommands).toBeGreaterThan(10);
    expect(figures.sent.requests).toBeGreaterThan(0);
    expect(figures.answers.errors).toEqual([]);
    expect(figures.answers).toMatchObject({ error: 0, missing: 0 });
    expect(figures.answers.ok).toBe(figures.sent.lampCommands + figures.sent.groupcasts + figures.sent.requests);
    expect(figures.sensorStatesSeen).toBeGreaterThan(0);
    expect(figures.rssMiB.start).toBeGreaterThan(0);
    // The api half: every REST command and read answered success, events reached the WebSocket.
    expect(figures.api?.exited).toBe(false);
    expect(figures.api?.rest.commands.errors).toEqual([]);
    expect(figures.api?.rest.reads.errors).toEqual([]);
    expect(figures.api?.rest.commands.sent).toBeGreaterThan(5);
    expect(figures.api?.rest.commands.ok).toBe(figures.api?.rest.commands.sent);
    expect(figures.api?.rest.reads.ok).toBe(figures.api?.rest.reads.sent);
    expect(figures.api?.websocketEvents).toBeGreaterThan(0);
    expect(figures.api?.rssMiB.start).toBeGreaterThan(0);
  }, 180_000);
});
