import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc()`: without arguments one full, synchronous collection (Node 20 reports it as a major GC). */
type Collect = () => void;

/**
 * One full garbage collection right after the bridge has started, while nothing waits on it.
 * Starting loads the converters' definitions, builds every device's description and fills the
 * embedded broker with retained messages: megabytes still in V8's young generation when the start
 * ends. Left to V8, the first scavenges after the start copy them, twice before they are promoted,
 * 10-25 ms each with 50 devices, and they fall on the first reports and commands (the report → MQTT
 * tail on every radio front). A full collection promotes them at once.
 *
 * Node offers `gc()` only under --expose-gc; the flag is set just for the one lookup of `gc` in a
 * fresh context and cleared again (as Jest's leak detector does), so no other code sees it.
 * Returns how long the collection took (ms), undefined when this Node offers no collection.
 */
export function collectAfterStart(): number | undefined {
  const collect = globalGc() ?? borrowedGc();
  if (!collect) return undefined;
  const started = performance.now();
  collect();
  return performance.now() - started;
}

/** A 100 ms stretch with the event loop busy under this share is idle enough to collect in. */
const IDLE_STEP_MS = 100;
const IDLE_UTILIZATION = 0.1;

/**
 * Collects at the first idle 100 ms after the start (the work queued with the ready line, the
 * retained topics, the first background reads done), at the latest after `maxWaitMs`. The timer
 * does not keep the process alive. `done` gets what collectAfterStart returned.
 */
export function collectWhenIdle(done: (ms: number | undefined) => void, maxWaitMs = 5_000): void {
  const deadline = performance.now() + maxWaitMs;
  let last = performance.eventLoopUtilization();
  const step = () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy < IDLE_UTILIZATION || performance.now() >= deadline) done(collectAfterStart());
    else setTimeout(step, IDLE_STEP_MS).unref();
  };
  setTimeout(step, IDLE_STEP_MS).unref();
}

const globalGc = (): Collect | undefined => (globalThis as { gc?: Collect }).gc;

function borrowedGc(): Collect | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const collect: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    return typeof collect === 'function' ? (collect as Collect) : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
