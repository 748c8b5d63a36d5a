/**
 * Memory at rest of a set of processes (the one-process gateway, or bridge and api): the radio left
 * to go quiet, then `settleMs` without requests (logged every 30 s), then the VmRSS of each and the
 * distinct physical pages of all of them (bench/lib/footprint.ts; undefined without CAP_SYS_ADMIN).
 */
import type { BenchRadio } from '../../lib/bench-radio';
import { uniqueResidentMiB } from '../../lib/footprint';
import { atRest, quiet } from '../../lib/stack-parts';
import type { StackProcess } from '../../lib/stack-process';

export interface RestReading {
  each: Record<string, number>;
  /** VmRSS added up over the processes. */
  vmrss: number;
  physical: number | undefined;
}

export async function readAtRest(
  radio: BenchRadio,
  processes: Record<string, StackProcess>,
  settleMs: number,
  log: (line: string) => void,
): Promise<RestReading> {
  await quiet(radio, 3_000, 180_000);
  const named = Object.entries(processes);
  await atRest(settleMs, () => named.map(([name, proc]) => `${name} ${proc.rssMiB().toFixed(0)} MiB`).join(', '), log);
  for (const [name, proc] of named) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`the ${name} exited while at rest:\n${proc.output()}`);
  }
  const each = Object.fromEntries(named.map(([name, proc]) => [name, proc.rssMiB()]));
  return { each, vmrss: Object.values(each).reduce((a, b) => a + b, 0), physical: uniqueResidentMiB(named.map(([, proc]) => proc.pid)) };
}
