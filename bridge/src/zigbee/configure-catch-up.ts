/**
 * Devices whose configure (binds and reporting, configure.ts) never succeeded, configured again
 * when they are next heard from, never while the bridge starts.
 *
 * Why: the start used to run every such configure in series before the bridge was ready, each with
 * its three attempts and pauses. One device that keeps refusing (a remote asleep, or one answering
 * a write with UNSUPPORTED_ATTRIBUTE) cost about 3 s on every restart, and every device of the
 * network stayed unavailable meanwhile (200 devices: 15 s instead of 2.7 s). herdsman's database
 * already says what a device is; a restart needs no round trip to show it. A device is tried when
 * it talks (a sleepy one is awake then), once per start and again after each announce, so one that
 * always refuses is not asked on every frame.
 */
export interface ConfigureCatchUp {
  /** At start: `ieee` still needs its configure. */
  add(ieee: string): void;
  /** The bridge is up: devices heard from now on are configured (one heard while it started is tried at its next frame). */
  open(): void;
  /** Anything heard from the device; `announce`: it (re)joined, so a refused configure is tried again. */
  heard(ieee: string, announce?: boolean): void;
  forget(ieee: string): void;
  /** Devices still waiting for a configure (tests and logs). */
  pending(): string[];
}

/** `configure` resolves true once the device is configured (it runs its own retries). */
export function createConfigureCatchUp(configure: (ieee: string) => Promise<boolean>): ConfigureCatchUp {
  /** ieee -> tried since the last start or announce. */
  const waiting = new Map<string, boolean>();
  const running = new Set<string>();
  let opened = false;

  const run = (ieee: string) => {
    if (running.has(ieee) || waiting.get(ieee) !== false) return;
    waiting.set(ieee, true);
    running.add(ieee);
    configure(ieee)
      .then(
        (done) => {
          if (done) waiting.delete(ieee);
        },
        () => undefined,
      )
      .finally(() => running.delete(ieee));
  };

  return {
    add(ieee) {
      waiting.set(ieee, false);
    },
    open() {
      opened = true;
    },
    heard(ieee, announce = false) {
      if (!waiting.has(ieee)) return;
      if (announce && !running.has(ieee)) waiting.set(ieee, false);
      if (opened) run(ieee);
    },
    forget(ieee) {
      waiting.delete(ieee);
    },
    pending: () => [...waiting.keys()],
  };
}
