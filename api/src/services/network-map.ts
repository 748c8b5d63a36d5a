/**
 * The network map for the REST api (a herdgate extension): the bridge reads the neighbour tables of
 * the coordinator and every router over the MQTT contract (`network/map`). The last finished scan is
 * the bridge's retained `networkmap` topic, kept here in memory, whoever started the scan (the api
 * or an MQTT admin client). A scan is started and answered at once; progress and the finish go to
 * the WebSocket as `{"e":"changed","r":"networkmap","state":{…}}` and to the log.
 */
import type { NetworkMap, NetworkMapProgress } from '@herdgate/shared/mqtt';
import type { Logger } from 'pino';
import type { EventHub } from '../events/types';
import type { BridgeLink, LinkEvent } from './bridge-link';

export type NetworkMapRefusal = { ok: false; reason: string; busy?: boolean };
export type NetworkMapOutcome = { ok: true } | NetworkMapRefusal;

export interface NetworkMapService {
  /** The last finished scan, from the bridge's retained topic. */
  last(): NetworkMap | undefined;
  /** True from the start of a scan until its map (or failure) arrives. */
  scanning(): boolean;
  /** Nodes asked so far in the running scan. */
  progress(): { done: number; total: number } | undefined;
  startScan(): NetworkMapOutcome;
  close(): void;
}

/** Per asked node the bridge waits 10 s at most; the whole scan is bounded by the device count. */
const PER_NODE_BOUND_MS = 11_000;
const BASE_BOUND_MS = 15_000;

export function createNetworkMapService(deps: { bridge: BridgeLink; events: EventHub; logger: Logger }): NetworkMapService {
  const { bridge, events } = deps;
  const log = deps.logger.child({ component: 'networkmap' });
  let last: NetworkMap | undefined;
  let running = false;
  let progress: { done: number; total: number } | undefined;
  const publish = (state: Record<string, unknown>) => events.publish({ t: 'event', e: 'changed', r: 'networkmap', state });

  const finished = (map: NetworkMap) => {
    last = map;
    running = false;
    progress = undefined;
    const unreachable = map.nodes.filter((n) => n.reachable === false).length;
    publish({ scanstate: 'idle', scannedat: map.scannedat, nodes: map.nodes.length, links: map.links.length, unreachable });
  };
  const failed = (reason: string) => {
    running = false;
    progress = undefined;
    log.warn({ reason }, 'network map scan failed');
    publish({ scanstate: 'idle', error: reason });
  };
  const onProgress = (p: NetworkMapProgress) => {
    running = true;
    progress = { done: p.done, total: p.total };
    if (p.ieee !== undefined) log.info({ ...p }, `network map: ${p.done}/${p.total} nodes asked`);
    publish({ scanstate: 'scanning', ...p });
  };

  const unsubscribe = bridge.subscribe((event: LinkEvent) => {
    if (event.kind === 'networkmap') finished(event.map);
    else if (event.kind === 'networkmap-progress') onProgress(event.progress);
    else if (event.kind === 'bridge-offline' && running) failed('the bridge went offline');
  });

  return {
    last: () => last,
    scanning: () => running,
    progress: () => progress,
    startScan() {
      if (running) return { ok: false, reason: 'a network map scan is already running', busy: true };
      if (!bridge.connected()) return { ok: false, reason: 'the bridge is not connected' };
      running = true;
      progress = undefined;
      log.info('network map scan requested');
      publish({ scanstate: 'scanning' });
      const bound = BASE_BOUND_MS + PER_NODE_BOUND_MS * (bridge.devices().size + 1);
      void bridge.request('network/map', {}, bound).then(
        (outcome) => {
          if (outcome.status === 'ok') {
            // The retained map usually comes first; the response settles it if it did not.
            if (running) finished(outcome.data);
          } else if (outcome.code === 'busy') {
            // Another client's scan holds the bridge: its progress and map arrive on their own.
            log.info({ reason: outcome.message }, 'network map scan already running on the bridge');
          } else {
            failed(outcome.message);
          }
        },
        (err: unknown) => failed(err instanceof Error ? err.message : String(err)),
      );
      return { ok: true };
    },
    close: () => unsubscribe(),
  };
}
