import { availableParallelism } from 'node:os';

/**
 * How many test files run at once: three per core unless HERDGATE_TEST_WORKERS says otherwise. Most
 * of a file's time waits on its children, the simulated devices and the network's timers rather
 * than on the CPU, so more files than cores fill the wait (on 2 cores, quiet: 382 s at four, 328 s
 * at six). The edge project's global setup starts one test Worker per file slot, so each workerd
 * serves one file at a time whatever this is.
 */
export function testWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const wanted = Number(env.HERDGATE_TEST_WORKERS);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : Math.max(2, availableParallelism() * 3);
}
