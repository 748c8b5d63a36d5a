/**
 * The `DeviceContext` each simulated device gets: its frames go to the network, its timers come from
 * the radio's clock and are all cleared when the device stops.
 */
import type { Clock } from './clock';
import type { DeviceContext, Emission, Ieee, OtaPacingName } from './types';

export interface ContextDeps {
  clock: Clock;
  coordinatorIeee(): Ieee;
  emit(ieee: Ieee, frame: Emission): void;
  changed(): void;
  /** The device restarts: off the network for `downMs`, then announced. */
  reboot?(ieee: Ieee, downMs: number): void;
  otaPacing?(): OtaPacingName;
  otaServer?(): number | undefined;
}

export interface ManagedContext extends DeviceContext {
  /** Clears every timer the device still has running. */
  dispose(): void;
}

export function createDeviceContext(ieee: Ieee, deps: ContextDeps): ManagedContext {
  const timers = new Set<unknown>();
  return {
    send: (frame) => {
      try {
        deps.emit(ieee, frame);
      } catch {
        // Never throws towards the device: a broken frame is the network's problem, not the device's.
      }
    },
    coordinatorIeee: () => deps.coordinatorIeee(),
    now: () => deps.clock.now(),
    setTimeout: (fn, ms) => {
      const handle = deps.clock.setTimeout(() => {
        timers.delete(handle);
        fn();
      }, ms);
      timers.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      timers.delete(handle);
      deps.clock.clearTimeout(handle);
    },
    changed: () => deps.changed(),
    reboot: (downMs) => deps.reboot?.(ieee, downMs),
    otaPacing: () => deps.otaPacing?.() ?? 'realistic',
    otaServer: () => deps.otaServer?.(),
    dispose: () => {
      for (const handle of timers) deps.clock.clearTimeout(handle);
      timers.clear();
    },
  };
}
