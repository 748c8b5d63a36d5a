/**
 * Start-up pace for herdsman's deCONZ driver: the next firmware request of the start-up leaves when
 * the answer to the previous one has arrived, not at the next 100 ms tick.
 *
 * Why: zigbee-herdsman 11.1.1's deconz driver (`dist/adapter/deconz/driver/driver.js`) sends the
 * requests of its own queue (parameter reads and writes, the firmware version, network state
 * changes) only from its 100 ms `tick` (`processQueue()` in the ReadConfiguration and Reconfigure
 * states), one at a time. Its start-up is about 15 reads, and on a network it must form 11 writes
 * and two state changes, so a ConBee takes 1.5 s to resume and 2.6 s to form although each answer
 * arrives within milliseconds, on a real stick as on the virtual radio (measured on the virtual
 * ConBee: resume 2.3 s, against 0.5 s for the Z-Stack front and 0.6 s for EmberZNet).
 *
 * What: after the driver has parsed a frame from the firmware during start-up, once the answer has
 * been handed to its request (and the code awaiting it has queued the next one), call the same
 * `processQueue()` the tick calls. It sends nothing unless the driver is idle with no request
 * awaiting an answer, so the firmware still sees one request at a time, each after the previous
 * answer: the tick's order, without its wait. Outside start-up the driver is left as it is (the
 * APS path has its own fast path, deconz-kick.ts).
 *
 * The driver class is patched once per process, before the Controller starts (the driver object
 * only exists inside `controller.start()`): its members are runtime-private and herdsman is pinned
 * exactly; RE-CHECK THIS FILE ON EVERY HERDSMAN UPGRADE. Every member is verified before use; if one
 * is missing, one warn line says why and herdsman is left untouched (it only starts slower).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';

/** herdsman's `DriverState.ReadConfiguration` and `DriverState.Reconfigure`. */
const STARTUP_STATES = new Set([3, 5]);
const PACED = Symbol.for('herdgate.deconzStartupPace');

/** The members of herdsman's deconz `Driver` this file touches. */
export interface PacedDriver {
  onParsed(frame: Buffer): void;
  processQueue(): void;
  driverState: number;
}

type DriverPrototype = PacedDriver & { [PACED]?: true };

export type PrototypeLookup = { ok: true; prototype: DriverPrototype } | { ok: false; why: string };

/** herdsman's deconz `Driver.prototype`, from the herdsman the bridge runs, with the members checked. */
export function findDriverPrototype(): PrototypeLookup {
  let exported: unknown;
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('zigbee-herdsman');
    exported = require(join(dirname(main), 'adapter', 'deconz', 'driver', 'driver.js')) as unknown;
  } catch (err) {
    return { ok: false, why: `herdsman's deconz driver module not found (${(err as Error).message})` };
  }
  const driverClass = (exported as { default?: unknown } | undefined)?.default;
  if (typeof driverClass !== 'function') return { ok: false, why: 'the deconz driver module has no default class' };
  const prototype = driverClass.prototype as Record<string, unknown>;
  for (const name of ['onParsed', 'processQueue'] as const) {
    if (typeof prototype[name] !== 'function') return { ok: false, why: `Driver.prototype.${name} is not a function` };
  }
  return { ok: true, prototype: prototype as unknown as DriverPrototype };
}

/** Wraps `onParsed` so that during start-up the next queued request follows each answer at once. */
export function paceStartup(prototype: DriverPrototype): void {
  if (Object.hasOwn(prototype, PACED)) return;
  const original = prototype.onParsed;
  prototype.onParsed = function parsedThenNext(this: PacedDriver, frame: Buffer) {
    original.call(this, frame);
    if (!STARTUP_STATES.has(this.driverState)) return;
    // After the microtasks: the start-up code awaiting this answer queues its next request first.
    setImmediate(() => {
      if (STARTUP_STATES.has(this.driverState)) this.processQueue();
    });
  };
  prototype[PACED] = true;
}

/** Call once before the deconz Controller starts; `enabled` false (DECONZ_FAST_PATH=0) leaves herdsman as it is. */
export function installDeconzStartupPace(options: { adapter: string; enabled: boolean; log: Pick<Logger, 'info' | 'warn'> }): boolean {
  if (options.adapter !== 'deconz' || !options.enabled) return false;
  const found = findDriverPrototype();
  if (!found.ok) {
    options.log.warn(`deconz start-up pace unavailable: ${found.why}`);
    return false;
  }
  paceStartup(found.prototype);
  options.log.info('deconz start-up pace on: each start-up request follows the previous answer');
  return true;
}
