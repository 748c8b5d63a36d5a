import { topics, type NetworkMap, type RequestPayloads } from '@herdgate/shared/mqtt';
import type { Lane } from '../commands/index';
import { RadioError } from '../zigbee/radio-error';
import { RequestError } from './error-codes';
import { scanNetwork, type ScanNode } from './network-map-scan';
import type { FeatureDeps } from './types';

type Queued = <T>(lane: Lane, description: string, run: () => Promise<T>) => Promise<T>;

/** How long one node may take to hand over its whole neighbour table, unless the request says otherwise. */
export const DEFAULT_NODE_TIMEOUT_MS = 10_000;

/** Rejects after `ms`; the late answer (or failure) of `promise` is dropped. */
function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RadioError(`${what}: no answer within ${ms} ms`, 'timeout')), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `network/map`: reads the neighbour table of the coordinator and of every router, one node at a
 * time through the command queue (each in its device's lane, so lamps keep their slots), each
 * bounded by a per-node timeout. Progress goes to `…/networkmap/progress` and the log; the finished
 * map is the response and the retained `…/networkmap`. One scan at a time: another is `busy`.
 */
export function createNetworkMapHandler(deps: FeatureDeps, queued: Queued) {
  const { radio, link } = deps;
  const log = deps.logger.child({ feature: 'network-map' });
  let running = false;

  return {
    async 'network/map'({ node_timeout_ms }: Omit<RequestPayloads['network/map'], 'transaction'>): Promise<NetworkMap> {
      if (running) throw new RequestError('a network map scan is already running', 'busy');
      if (!radio.isUp()) throw new RequestError('the Zigbee network is down', 'not_connected');
      running = true;
      try {
        const timeout = node_timeout_ms ?? DEFAULT_NODE_TIMEOUT_MS;
        const coordinator: ScanNode = { ieee: deps.info().coordinator.ieee, nwk: 0, type: 'Coordinator' };
        const devices: ScanNode[] = radio.devices().map((d) => ({ ieee: d.ieee, nwk: d.nwk, type: d.type === 'Coordinator' ? 'Router' : d.type }));
        const map = await scanNetwork({
          coordinator,
          devices,
          now: () => Date.now(),
          ask: (ieee) =>
            queued({ kind: 'device', ieee }, `neighbour table of ${ieee}`, () => bounded(radio.neighbours(ieee), timeout, `neighbour table of ${ieee}`)),
          onProgress: (progress) => {
            if (progress.ieee === undefined) log.info({ total: progress.total }, 'network map scan started');
            else if (progress.reachable) log.info(progress, `network map: ${progress.done}/${progress.total} nodes read`);
            else log.warn(progress, `network map: ${progress.ieee} did not answer (${progress.done}/${progress.total})`);
            link.publish(topics.networkMapProgress(deps.topics), progress).catch((err: unknown) => log.warn({ err }, 'network map progress not published'));
          },
        });
        const unreachable = map.nodes.filter((n) => n.reachable === false).length;
        log.info({ nodes: map.nodes.length, links: map.links.length, unreachable, duration_ms: map.duration_ms }, 'network map scan finished');
        await link.publish(topics.networkMap(deps.topics), map, { retain: true });
        return map;
      } finally {
        running = false;
      }
    },
  };
}
