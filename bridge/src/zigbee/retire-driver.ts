/**
 * Lets a stopped herdsman Controller go, so a new one can drive the same adapter in this process
 * (radio off/on, channel change, new network, firmware update).
 *
 * Why: zigbee-herdsman 11.1.1's deconz driver (`dist/adapter/deconz/driver/driver.js`) keeps its
 * 100 ms `tickTimer` after `controller.stop()`: the closed transport puts it in WaitToReconnect,
 * and five seconds later it opens the port again and fights the new driver for the firmware. Its
 * request queues and the frame parser's event emitter are module-level, so the old driver would
 * also see the new one's frames. Stopping the tick and dropping the old listeners leaves the old
 * driver inert. The adapter's own 1 s timeout sweep cannot be reached; it only walks the old
 * adapter's (empty) request list.
 *
 * The members used are runtime-private (herdsman is pinned exactly; RE-CHECK ON EVERY UPGRADE).
 * Each is checked before use; `bridge/test/bridge-network.test.ts` fails if a restart breaks.
 */
interface DeconzDriverInternals {
  tickTimer?: ReturnType<typeof setInterval>;
  removeAllListeners?: () => void;
  frameParserEvent?: { removeAllListeners?: () => void };
}

/** Returns why nothing was done, or undefined when the old driver was retired (or none exists). */
export function retireDriver(controller: unknown): string | undefined {
  const adapter = (controller as { adapter?: { driver?: unknown } } | undefined)?.adapter;
  const driver = adapter?.driver as DeconzDriverInternals | undefined;
  if (!driver) return undefined;
  if (driver.tickTimer === undefined) return 'driver has no tickTimer';
  clearInterval(driver.tickTimer);
  driver.removeAllListeners?.();
  // Only stopped instances are listening now: the next Controller registers its own afresh.
  driver.frameParserEvent?.removeAllListeners?.();
  return undefined;
}
