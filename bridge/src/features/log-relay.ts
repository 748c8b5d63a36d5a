import { IEEE_PATTERN, topics, type BridgeLog } from '@herdgate/shared/mqtt';
import type { LogEntry, LogRing } from '@herdgate/shared/log';
import type { Feature, FeatureDeps } from './types';

/** At most this many entries a second go out; the rest are counted and said with the next one. */
export const LOG_RELAY_PER_SECOND = 20;

/**
 * Relays the bridge's warnings and errors to the api (`bridge/<id>/log`, not retained) for the log
 * view. A failed publish is not logged at warn: that would feed the ring it reads from.
 */
export function logRelay(deps: FeatureDeps, ring: LogRing, now: () => number = Date.now): Feature {
  let unsubscribe: (() => void) | undefined;
  let second = 0;
  let sent = 0;
  let dropped = 0;
  const log = deps.logger.child({ feature: 'log-relay' });
  const relay = (entry: LogEntry) => {
    const current = Math.floor(now() / 1000);
    if (current !== second) {
      second = current;
      sent = 0;
    }
    if (sent >= LOG_RELAY_PER_SECOND) {
      dropped++;
      return;
    }
    sent++;
    const payload: BridgeLog = {
      time: entry.time,
      level: entry.level,
      msg: entry.msg,
      ...(entry.module ? { module: entry.module } : {}),
      ...(entry.ieee && IEEE_PATTERN.test(entry.ieee) ? { ieee: entry.ieee } : {}),
      ...(entry.err ? { err: entry.err } : {}),
      ...(entry.reqid ? { reqid: entry.reqid } : {}),
      ...(dropped > 0 ? { dropped } : {}),
    };
    dropped = 0;
    deps.link.publish(topics.bridgeLog(deps.topics), payload).catch((err: unknown) => log.debug({ err }, 'log entry not relayed'));
  };
  return {
    name: 'log-relay',
    start() {
      // What went wrong while the bridge started, before anyone could hear it.
      for (const entry of ring.entries({ limit: LOG_RELAY_PER_SECOND }).reverse()) relay(entry);
      unsubscribe = ring.onEntry(relay);
    },
    stop() {
      unsubscribe?.();
    },
  };
}
