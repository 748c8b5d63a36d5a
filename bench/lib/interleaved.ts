/**
 * The bridge suites' measuring loop over one network: every stack pairs its own fresh radio once,
 * then timed restarts interleaved between the stacks with the start position rotating per round, so
 * drift and noise on this shared machine hit every stack alike. A stack marked optional (a peer we
 * compare against) that fails becomes a reported gap; any other stack failing fails the suite.
 */
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import type { StackDriver } from './bridge-stack';
import { measureRound, pairStack, type PairedStack } from './bridge-rounds';
import type { StackResult } from './bridge-report';

export interface InterleavedOptions {
  rounds: number;
  samples: number;
  /** Idle time after the last round's samples before its quiet RSS is read; none = not measured. */
  quietMs?: number;
  /** Stacks whose failure is a gap in the comparison, not a failed suite. */
  optional(driver: StackDriver): boolean;
  /** Why a comparison is incomplete: failures of optional stacks are appended here. */
  missing: string[];
  log(line: string): void;
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 12).join(' ');

export async function measureInterleaved(network: NetworkDefinition, drivers: readonly StackDriver[], options: InterleavedOptions): Promise<StackResult[]> {
  const { rounds, log } = options;
  const size = network.devices.length;
  const lamp = network.devices.find((d) => d.model === 'LCT015')!.ieee;
  const contact = network.devices.find((d) => d.model === 'DS01')!.ieee;
  const attempt = async <T>(driver: StackDriver, what: string, step: () => Promise<T>): Promise<T | undefined> => {
    if (!options.optional(driver)) return step();
    try {
      return await step();
    } catch (error) {
      options.missing.push(`${driver.name} failed while ${what}: ${errorText(error)}`);
      return undefined;
    }
  };
  const paired: PairedStack[] = [];
  try {
    for (const driver of drivers) {
      const pairedStack = await attempt(driver, `pairing ${size} devices`, () => pairStack(driver, network, log));
      if (pairedStack) paired.push(pairedStack);
    }
    const figures = new Map(paired.map((p) => [p, [] as StackResult['rounds']]));
    for (let round = 0; round < rounds; round++) {
      for (const p of rotate(paired, round)) {
        if (!figures.has(p)) continue;
        const quietMs = round === rounds - 1 ? options.quietMs : undefined;
        const figure = await attempt(p.driver, `restart round ${round + 1} with ${size} devices`, () =>
          measureRound(p, { network, lamp, contact, samples: options.samples, quietMs, log }),
        );
        if (!figure) figures.delete(p);
        else {
          figures.get(p)!.push(figure);
          log(
            `${size} devices, round ${round + 1}/${rounds}, ${p.driver.name}: start ${Math.round(figure.startMs)} ms, RSS ${Math.round(figure.rssIdleMiB)} MiB`,
          );
        }
      }
    }
    return [...figures].map(([p, figure]) => ({ stack: p.driver.name, size, pairingMs: p.pairingMs, rounds: figure }));
  } finally {
    for (const p of paired) await p.dispose();
  }
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = items.length === 0 ? 0 : by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
