import type { RequestName, RequestPayloads, ResponsePayloads } from '@herdgate/shared/mqtt';
import type { Lane } from '../commands/index';
import { RadioError } from '../zigbee/radio-error';
import { createNetworkControl } from './network-control';
import type { FeatureDeps } from './types';
import { createAlarmRequestHandlers } from './alarm-requests';
import { createNetworkMapHandler } from './network-map';
import { readBridgeDataFiles } from '../backup/data-files';
import { createRestoreHandler } from './restore-request';

/**
 * One handler per request topic. Handlers return the response `data` or throw (a RadioError keeps
 * its reason); the router wraps both into the envelope. Frames to devices and groups go through
 * the command queue like any other command, so requests cannot starve a lamp of its slot.
 */
const GROUP_CLUSTERS = ['genOnOff', 'genLevelCtrl', 'genScenes', 'lightingColorCtrl'];

type Handlers = { [K in RequestName]: (payload: Omit<RequestPayloads[K], 'transaction'>) => Promise<ResponsePayloads[K]> };

export function createRequestHandlers(deps: FeatureDeps): Handlers {
  const { radio, registry, queue, bus, names } = deps;
  const log = deps.logger.child({ feature: 'touchlink' });

  const queued = async <T>(lane: Lane, description: string, run: () => Promise<T>): Promise<T> => {
    let value: T | undefined;
    const outcome = await queue.submit({
      lane,
      target: description,
      keys: [],
      description,
      send: async () => {
        value = await run();
      },
    });
    if (outcome.status === 'failed') throw new RadioError(outcome.message, outcome.reason);
    return value as T;
  };
  const known = (ieee: string) => {
    const description = registry.get(ieee);
    if (!description) throw new RadioError(`device ${ieee} is not known to this bridge`, 'unsupported');
    return description;
  };
  const refreshDescription = (ieee: string) => {
    const device = radio.device(ieee);
    if (device) bus.emit('deviceUpdated', { description: registry.upsert(device) });
  };

  const firstLight = (ieee: string) => known(ieee).subdevices.find((s) => s.resource === 'lights')?.endpoint ?? 1;
  /** Binds a remote's client clusters to a group: by default every group-capable one it sends. */
  const bind = async (payload: Omit<RequestPayloads['device/bind'], 'transaction'>, unbind: boolean) => {
    const { ieee, group } = payload;
    const description = known(ieee);
    const endpoint = payload.endpoint ?? description.subdevices[0]?.endpoint ?? radio.device(ieee)?.endpoints[0]?.id ?? 1;
    const sends = radio.outputClusters(ieee, endpoint);
    const clusters = payload.clusters ?? GROUP_CLUSTERS.filter((c) => sends.includes(c));
    if (clusters.length === 0) throw new RadioError(`${ieee} ep ${endpoint} sends none of ${GROUP_CLUSTERS.join(', ')}`, 'unsupported');
    const done = await queued({ kind: 'device', ieee }, `${unbind ? 'unbind' : 'bind'} ${ieee}/${endpoint} group ${group}`, () =>
      radio.bindGroup(ieee, endpoint, clusters, group, unbind),
    );
    // The description lists bindings: the api's group `devicemembership` follows them.
    refreshDescription(ieee);
    return { ieee, endpoint, group, clusters: done };
  };

  return {
    async permit_join({ time, ieee }) {
      await deps.permitJoin.open(time, ieee);
      return { time, open: time > 0 };
    },
    async 'device/remove'({ ieee, leave, force }) {
      const description = known(ieee);
      const result = await queued({ kind: 'device', ieee }, `remove ${ieee}`, () => radio.remove(ieee, { leave: leave ?? true, force: force ?? false }));
      // On disk before the answer: a restarted bridge still answers its commands `not_found`.
      await registry.remove(ieee, 'removed');
      await names.delete(ieee);
      bus.emit('deviceRemoved', { ieee, endpoints: [...new Set(description.subdevices.map((s) => s.endpoint))] });
      bus.emit('bridgeEvent', { type: 'leave', ieee, data: { left: result.left } });
      return { ieee, left: result.left };
    },
    async 'device/rename'({ ieee, name }) {
      const description = known(ieee);
      // An empty name forgets the user's name: the device is called as its model again. Nothing to
      // forget, nothing to republish (deleteDB asks this of every device).
      if (name === '' && names.get(ieee) === undefined) return { ieee, name: description.name };
      await (name === '' ? names.delete(ieee) : names.set(ieee, name));
      refreshDescription(ieee);
      return { ieee, name: registry.get(ieee)?.name ?? name };
    },
    async 'device/read'({ ieee, endpoint, cluster, attributes }) {
      const description = known(ieee);
      const ep = endpoint ?? description.subdevices[0]?.endpoint ?? radio.device(ieee)?.endpoints[0]?.id ?? 1;
      const values = await queued({ kind: 'device', ieee }, `read ${ieee} ep ${ep} ${cluster}`, () => radio.read(ieee, ep, cluster, attributes));
      return { ieee, endpoint: ep, cluster, values: values as ResponsePayloads['device/read']['values'] };
    },
    async 'device/refresh'({ ieee, endpoint }) {
      const description = known(ieee);
      // Only endpoints that present something: reading a Green Power or vendor endpoint times out.
      const targets = endpoint === undefined ? [...new Set(description.subdevices.map((s) => s.endpoint))] : [endpoint];
      const endpoints: number[] = [];
      for (const ep of targets) {
        endpoints.push(...(await queued({ kind: 'device', ieee }, `refresh ${ieee} ep ${ep}`, () => radio.refresh(ieee, ep))));
      }
      return { ieee, endpoints };
    },
    async 'device/reload'({ ieee }) {
      const description = known(ieee);
      const configured = await queued({ kind: 'device', ieee }, `reload ${ieee}`, () => radio.reconfigure(ieee));
      refreshDescription(ieee);
      const endpoints: number[] = [];
      for (const ep of new Set(description.subdevices.map((s) => s.endpoint))) {
        endpoints.push(...(await queued({ kind: 'device', ieee }, `refresh ${ieee} ep ${ep}`, () => radio.refresh(ieee, ep))));
      }
      return { ieee, configured, endpoints };
    },
    async 'device/install_code'({ ieee, code }) {
      // The device is not on the network yet: nothing to queue behind, the frame goes to the stick.
      await radio.addInstallCode(ieee, code);
      return { ieee };
    },
    async 'group/add_member'({ group, ieee, endpoint }) {
      known(ieee);
      await queued({ kind: 'device', ieee }, `add ${ieee}/${endpoint} to group ${group}`, () => radio.addGroupMember(group, ieee, endpoint));
      return { group, ieee, endpoint };
    },
    async 'group/remove_member'({ group, ieee, endpoint }) {
      known(ieee);
      await queued({ kind: 'device', ieee }, `remove ${ieee}/${endpoint} from group ${group}`, () => radio.removeGroupMember(group, ieee, endpoint));
      return { group, ieee, endpoint };
    },
    async 'scene/store'({ group, scene, transitiontime }) {
      await queued({ kind: 'group' }, `store scene ${scene} of group ${group}`, () => radio.scene('store', group, scene, transitiontime));
      return { group, scene };
    },
    async 'scene/recall'({ group, scene }) {
      await queued({ kind: 'group' }, `recall scene ${scene} of group ${group}`, () => radio.scene('recall', group, scene));
      bus.emit('groupCommanded', { group, command: { scene } });
      return { group, scene };
    },
    async 'scene/remove'({ group, scene, ieee, endpoint }) {
      if (ieee !== undefined) {
        const ep = endpoint ?? firstLight(ieee);
        await queued({ kind: 'device', ieee }, `remove scene ${scene ?? 'all'} of group ${group} on ${ieee}/${ep}`, () =>
          radio.removeMemberScene(ieee, ep, group, scene),
        );
        return { group, ...(scene === undefined ? {} : { scene }), ieee, endpoint: ep };
      }
      await queued({ kind: 'group' }, `remove scene ${scene ?? 'all'} of group ${group}`, () => radio.scene('remove', group, scene));
      return scene === undefined ? { group } : { group, scene };
    },
    async 'scene/add'({ group, scene, ieee, endpoint, transitiontime, state }) {
      known(ieee);
      await queued({ kind: 'device', ieee }, `add scene ${scene} of group ${group} on ${ieee}/${endpoint}`, () =>
        radio.addScene(ieee, endpoint, { group, scene, transitiontime, ...state }),
      );
      return { group, scene, ieee, endpoint };
    },
    'device/bind': (payload) => bind(payload, false),
    'device/unbind': (payload) => bind(payload, true),
    async 'network/info'() {
      const info = deps.info();
      return { bridge: info.bridge, ...info.network };
    },
    async backup() {
      return { backup: (await radio.backup()) as ResponsePayloads['backup']['backup'] };
    },
    async 'backup/data'() {
      // herdsman's coordinator backup and database on disk now, so the files are current.
      await radio.backup();
      return readBridgeDataFiles(deps.config.dataDir);
    },
    'backup/restore': createRestoreHandler(deps),
    async 'touchlink/scan'() {
      const results = await radio.touchlink.scan((found) => log.info({ ...found }, 'touchlink: found'));
      return { results };
    },
    async 'touchlink/identify'({ ieee, channel }) {
      await radio.touchlink.identify(ieee, channel);
      return { ieee, channel };
    },
    async 'touchlink/reset'({ ieee, channel }) {
      await radio.touchlink.reset(ieee, channel);
      return { ieee, channel };
    },
    async devices({ offset, limit }) {
      const all = registry.all().sort((a, b) => a.ieee.localeCompare(b.ieee));
      const start = offset ?? 0;
      const end = start + (limit ?? 50);
      return { devices: all.slice(start, end), total: all.length, next: end < all.length ? end : null };
    },
    async 'device/ota'({ ieee, action }) {
      known(ieee);
      return { ieee, action, ota: await deps.ota.act(ieee, action) };
    },
    ...createAlarmRequestHandlers(deps, queued),
    ...createNetworkMapHandler(deps, queued),
    ...createNetworkControl(deps, deps.firmware),
  };
}
