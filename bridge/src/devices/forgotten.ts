import { join } from 'node:path';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { MAX_REMOVED_DEVICES, removedDevicesSchema, type RemovalReason, type RemovedDevice } from '@herdgate/shared/mqtt';
import { atomicFile } from '@herdgate/shared/node';

/**
 * The devices this bridge had and no longer has (left, removed, or lost to a new network), kept
 * across restarts in `removed-devices.json` beside herdsman's database. Two readers: a command to
 * such a device is answered `not_found` instead of being left to another bridge on the broker, and
 * the retained `…/removed` topic tells a client that was away which devices are gone. Bounded: the
 * oldest removals drop out first. A device that joins again leaves the list.
 */
export interface ForgottenDevices {
  has(ieee: string): boolean;
  /** Oldest first. */
  list(): RemovedDevice[];
  /** Resolves once the list is on disk. */
  add(ieee: string, reason: RemovalReason, at: number): Promise<void>;
  /** Resolves once the list is on disk (at once when the device was not listed). */
  delete(ieee: string): Promise<void>;
  /** Called after every change of the list (the publisher republishes the topic). */
  onChange(listener: () => void): void;
}

/** The list over `save` (a file, or nothing for a bridge without a data folder in unit tests). */
function forgottenDevices(initial: RemovedDevice[], save: (devices: RemovedDevice[]) => Promise<void>): ForgottenDevices {
  const devices = new Map(initial.map((device) => [device.ieee, device]));
  const listeners: (() => void)[] = [];
  // Changes while a write waits to start share it (a new network forgets every device at once).
  let tail: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  const persist = (): Promise<void> => {
    if (waiting) return waiting;
    const run = tail
      .catch(() => {})
      .then(() => {
        waiting = undefined;
        return save([...devices.values()]);
      });
    waiting = run;
    tail = run;
    return run;
  };
  const changed = async () => {
    for (const listener of listeners) listener();
    await persist();
  };
  return {
    has: (ieee) => devices.has(ieee),
    list: () => [...devices.values()],
    async add(ieee, reason, at) {
      devices.delete(ieee);
      devices.set(ieee, { ieee, at, reason });
      while (devices.size > MAX_REMOVED_DEVICES) devices.delete(devices.keys().next().value!);
      await changed();
    },
    async delete(ieee) {
      if (devices.delete(ieee)) await changed();
    },
    onChange: (listener) => {
      listeners.push(listener);
    },
  };
}

/** A list kept in memory only (unit tests of the registry). */
export const memoryForgottenDevices = (): ForgottenDevices => forgottenDevices([], async () => {});

/**
 * `removed-devices.json`, written atomically by one queued writer (so the newest list lands last);
 * a corrupt file is moved aside and its last good version (or an empty list) used.
 */
export async function loadForgottenDevices(dataDir: string, logger: Logger): Promise<ForgottenDevices> {
  const file = atomicFile(join(dataDir, 'removed-devices.json'), {
    validate: (value) => v.parse(removedDevicesSchema, value),
    onRecover: (info) =>
      logger.error(
        info,
        info.fromBackup
          ? 'removed-devices.json was corrupt; moved aside, using its last good version'
          : 'removed-devices.json was corrupt; moved aside, starting with no removed devices',
      ),
  });
  const stored = (await file.read()).value?.devices ?? [];
  return forgottenDevices(stored, (devices) => file.write({ devices }));
}
