/**
 * Fast path for herdsman's deCONZ driver: send a queued command now instead of at the next 100 ms tick.
 *
 * Why: zigbee-herdsman 11.1.1's deconz driver (`dist/adapter/deconz/driver/driver.js`) never writes an
 * APS request when it is enqueued. `enqueueApsDataRequest` pushes it onto the module-level `apsQueue`
 * and emits `EnqueuedApsDataRequest`, which the Connected state ignores. The request only leaves when a
 * device-state byte with the free-slots bit arrives: an unsolicited DEVICE_STATE_CHANGED from the
 * firmware, or the answer to the DEVICE_STATE read the driver sends on its 100 ms `tick` when idle
 * (`handleConnectedStateEvent`: Tick -> `processQueue()`, then if `txState === Idle` ->
 * `deviceStatus = 0; sendReadDeviceStateRequest(nextSeqNumber())`; DeviceStateUpdated ->
 * `handleApsQueueOnDeviceState()` -> confirm / indication / free slots -> `processApsQueue()`).
 * So a command issued on an idle network waits 0-100 ms (about 50 ms) before it leaves the host, on a
 * real ConBee exactly as on the virtual radio.
 *
 * What: after the original `enqueueApsDataRequest` has queued the request, if the driver is connected
 * and idle, do what the tick would do right away (`deviceStatus = 0`, DEVICE_STATE read). The
 * firmware's answer then drives the driver's normal confirm / indication / free-slots path, so the
 * firmware's flow control stays in charge; `processApsQueue` is never called from here. At most one
 * kick is in flight: sending it sets `txState` to WaitResponse, so further enqueues skip until the
 * answer, and the normal path takes over from there.
 *
 * The members used are runtime-private. herdsman is pinned exactly; RE-CHECK THIS FILE ON EVERY
 * HERDSMAN UPGRADE. Every member is verified before use; if one is missing or changed, one warn line
 * says why and herdsman is left untouched (commands still work, only slower). The integration test
 * `bridge/test/deconz-kick-radio.test.ts` fails if the pinned driver loses the fast path.
 */
import type { Logger } from 'pino';

/** herdsman's `TxState.Idle`: no firmware command awaiting its response. */
const TX_IDLE = 0;
const INSTALLED = Symbol.for('herdgate.deconzKick');

/** The driver members this file touches, as herdsman 11.1.1 has them. */
export interface DeconzDriver {
  enqueueApsDataRequest(request: unknown): Promise<unknown>;
  sendReadDeviceStateRequest(seq: number): unknown;
  nextSeqNumber(): number;
  started(): boolean;
  txState: number;
  deviceStatus: number;
  [INSTALLED]?: DeconzKick;
}

export interface DeconzKickStats {
  /** DEVICE_STATE reads sent at enqueue time. */
  kicks: number;
  /** Enqueues that found a firmware command in flight (or the driver not connected) and left it to the driver. */
  skipped: number;
}

export interface DeconzKick {
  /** Off: enqueues behave exactly as plain herdsman (the benchmark's side-by-side baseline). */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  stats(): DeconzKickStats;
}

export type DriverLookup = { ok: true; driver: DeconzDriver } | { ok: false; why: string };

const METHODS = ['enqueueApsDataRequest', 'sendReadDeviceStateRequest', 'nextSeqNumber', 'started'] as const;
const NUMBERS = ['txState', 'deviceStatus'] as const;

/** Finds the deconz driver behind a started Controller and checks every member the kick touches. */
export function findDeconzDriver(controller: unknown): DriverLookup {
  const adapter = (controller as { adapter?: unknown } | undefined)?.adapter;
  if (typeof adapter !== 'object' || adapter === null) return { ok: false, why: 'controller has no adapter (not started?)' };
  const driver = (adapter as { driver?: unknown }).driver;
  if (typeof driver !== 'object' || driver === null) return { ok: false, why: 'adapter has no driver object' };
  const members = driver as Record<string, unknown>;
  for (const name of METHODS) {
    if (typeof members[name] !== 'function') return { ok: false, why: `driver.${name} is not a function` };
  }
  for (const name of NUMBERS) {
    if (typeof members[name] !== 'number') return { ok: false, why: `driver.${name} is not a number` };
  }
  return { ok: true, driver: driver as DeconzDriver };
}

/** Wraps `enqueueApsDataRequest` so an idle driver asks the firmware for its state at once. */
export function wrapDriver(driver: DeconzDriver, log: Pick<Logger, 'debug'>): DeconzKick {
  const existing = driver[INSTALLED];
  if (existing) return existing;
  const original = driver.enqueueApsDataRequest;
  const stats: DeconzKickStats = { kicks: 0, skipped: 0 };
  let enabled = true;
  const kick = () => {
    if (driver.txState !== TX_IDLE || !driver.started()) {
      stats.skipped += 1;
      return;
    }
    try {
      driver.deviceStatus = 0; // as the tick does: the answer must be a fresh value
      driver.sendReadDeviceStateRequest(driver.nextSeqNumber());
      stats.kicks += 1;
    } catch (err) {
      // A failed write is the tick's problem too; it retries in at most 100 ms.
      log.debug({ err }, 'deconz fast path: state read not sent');
    }
  };
  driver.enqueueApsDataRequest = function enqueueThenKick(this: DeconzDriver, request: unknown) {
    const pending = original.call(this, request);
    if (enabled) kick();
    return pending;
  };
  const handle: DeconzKick = {
    setEnabled: (on) => {
      enabled = on;
    },
    get enabled() {
      return enabled;
    },
    stats: () => ({ ...stats }),
  };
  driver[INSTALLED] = handle;
  return handle;
}

export interface InstallOptions {
  /** The configured herdsman adapter; only `deconz` has the polling floor. */
  adapter: string;
  /** false (DECONZ_FAST_PATH=0) leaves herdsman untouched. */
  enabled: boolean;
  log: Pick<Logger, 'debug' | 'info' | 'warn'>;
}

/** Call once after `controller.start()`. Returns the handle, or undefined when herdsman is left as is. */
export function installDeconzKick(controller: unknown, options: InstallOptions): DeconzKick | undefined {
  if (options.adapter !== 'deconz') return undefined;
  if (!options.enabled) {
    options.log.info('deconz fast path off (DECONZ_FAST_PATH=0): commands wait for the driver tick');
    return undefined;
  }
  const found = findDeconzDriver(controller);
  if (!found.ok) {
    options.log.warn(`deconz fast path unavailable: ${found.why}`);
    return undefined;
  }
  const handle = wrapDriver(found.driver, options.log);
  options.log.info('deconz fast path on: queued commands leave without waiting for the driver tick');
  return handle;
}
