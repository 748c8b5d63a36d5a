import type { LogRing } from '@herdgate/shared/log';
import type { BridgeLink, LinkEvent } from './bridge-link';

/**
 * The followed bridge's warnings and errors (`bridge/<id>/log`) into the api's log ring, beside the
 * api's own. Returns the unsubscribe.
 */
export function followBridgeLogs(bridge: BridgeLink, logs: LogRing): () => void {
  return bridge.subscribe((event: LinkEvent) => {
    if (event.kind !== 'bridge-log') return;
    const { dropped, ...entry } = event.entry;
    logs.push({
      ...entry,
      process: 'bridge',
      ...(dropped ? { msg: `${entry.msg} (${dropped} earlier ${dropped === 1 ? 'entry' : 'entries'} not relayed)` } : {}),
    });
  });
}
