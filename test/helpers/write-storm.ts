/**
 * A storm of concurrent writes with a crash in the middle, for the kill -9 proofs: `workers`
 * loops call `write` until the storm ends; once `killAfterAcks` writes were acknowledged, `kill`
 * runs (a SIGKILL at a random point of the storm: the caller picks the count at random), then
 * `recover` while the workers keep writing (e.g. a restart they must survive), and the storm ends.
 * A `write` that throws (the process died mid-request) counts as not acknowledged.
 */
export interface StormOptions {
  workers: number;
  killAfterAcks: number;
  /** One write; true when it was acknowledged with success. */
  write(worker: number, index: number): Promise<boolean>;
  kill(): Promise<unknown>;
  /** Runs after the kill with the workers still writing; the storm ends when it resolves. */
  recover?(): Promise<unknown>;
}

export interface StormResult {
  writes: number;
  acks: number;
}

export async function writeStorm(options: StormOptions): Promise<StormResult> {
  let writes = 0;
  let acks = 0;
  let killing: Promise<void> | undefined;
  let over = false;
  const crash = async () => {
    await options.kill();
    await options.recover?.();
    over = true;
  };
  const worker = async (id: number) => {
    for (let index = 0; !over; index++) {
      writes += 1;
      try {
        if (await options.write(id, index)) acks += 1;
      } catch {
        // Died mid-request: not acknowledged, no promise made.
      }
      if (acks >= options.killAfterAcks) killing ??= crash();
      if (killing && !options.recover) break;
    }
  };
  await Promise.all([...Array.from({ length: options.workers }, (_, id) => worker(id))]);
  await killing;
  return { writes, acks };
}

/** A random whole number in [min, max). */
export const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));
