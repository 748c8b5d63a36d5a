import { parseZ2mTopic, z2mTopics as t } from '@herdgate/shared/mqtt';
import type { MqttLink } from '../../mqtt/link';
import type { DefinitionInfo } from '../../zigbee/index';
import type { Feature, FeatureDeps } from '../types';
import { coordinatorPayload, definitionPayload, devicePayload, groupsPayload, infoPayload } from './bridge-payloads';
import { createZ2mCommands } from './commands';
import { createDiscovery, type Discovery } from './discovery';
import { createFriendlyNames } from './friendly-names';
import { createGatewayGroups } from './gateway-groups';
import { createHeard, LAST_SEEN_FORMATS, type LastSeenFormat } from './heard';
import { updateBlock } from './ota-update';
import { createZ2mRequests } from './requests';
import { createStateCache } from './state-cache';

/**
 * The Zigbee2MQTT-compatible MQTT API (docs/mqtt.md): per device `<base>/<friendly name>` state,
 * `/set`, `/get` and `/availability`, the retained bridge topics and `bridge/request/*`. It has
 * its own link (`link`): to an external broker its own MQTT connection, so its `bridge/state` gets
 * its own last will; into the embedded broker in process, like the bridge's own.
 */
/** HA subscribes after its birth message; Zigbee2MQTT waits 30 s before announcing again. */
const BIRTH_DELAY_MS = 30_000;
/** Zigbee2MQTT waits 2 s between clearing a renamed entity's configs and publishing them anew. */
const HA_RENAME_DELAY_MS = 2_000;

export function z2mApi(deps: FeatureDeps, link: MqttLink, options: { birthDelayMs?: number } = {}): Feature {
  const { bus, radio, registry, config } = deps;
  const base = config.z2m.baseTopic;
  const log = deps.logger.child({ feature: 'z2m-api' });
  // Its changes arrive only once started, when `listsChanged` below exists.
  const groups = createGatewayGroups({ link, topics: deps.topics, radio, onChange: () => listsChanged() });
  const names = createFriendlyNames(registry, () => groups.known());
  const cache = createStateCache();
  const heard = createHeard(radio);
  const availability = new Map<string, string>();
  const devicesJson = { value: '' };
  const offs: Array<() => void> = [];
  let running = false;
  let listTimer: ReturnType<typeof setTimeout> | undefined;
  let birthTimer: ReturnType<typeof setTimeout> | undefined;
  const ha = config.z2m.homeassistant;
  let discovery: Discovery | undefined;
  const discover = (ieee: string) => {
    const device = radio.device(ieee);
    if (discovery && device) discovery.discover(device, names.of(ieee));
  };

  const send = (topic: string, payload: unknown, retain = false) => {
    link.publish(topic, payload, { retain }).catch((err: unknown) => log.error({ err, topic }, 'publish failed'));
  };
  const clear = (topic: string) => link.clear(topic).catch((err: unknown) => log.error({ err, topic }, 'clearing retained topic failed'));
  const logging = (level: 'info' | 'warning' | 'error', message: string) => {
    log[level === 'warning' ? 'warn' : level]({ z2m: true }, message);
    send(t.bridgeLogging(base), { level, message, namespace: 'z2m' });
  };
  // radio.device() describes the definition afresh: kept per device until its description changes.
  const definitions = new Map<string, DefinitionInfo | undefined>();
  const definitionOf = (ieee: string) => {
    if (!definitions.has(ieee)) definitions.set(ieee, radio.device(ieee)?.definition);
    return definitions.get(ieee);
  };
  /** A device's state message: the cached state (never empty) plus linkquality and last_seen. */
  const publishState = (ieee: string, state: Record<string, unknown>) => {
    if (Object.keys(state).length > 0) send(t.entity(base, names.of(ieee)), heard.decorate(ieee, state));
  };
  const deviceState = (ieee: string, state: Record<string, unknown>) => publishState(ieee, cache.update(ieee, definitionOf(ieee), state));
  const groupState = (group: number, state: Record<string, unknown>) => send(t.entity(base, names.groupName(group)), state);
  const publishAvailability = (ieee: string, force = false) => {
    const state = registry.get(ieee)?.availability ?? 'offline';
    if (!force && availability.get(ieee) === state) return;
    availability.set(ieee, state);
    send(t.availability(base, names.of(ieee)), { state }, true);
  };
  /**
   * bridge/info, retained. herdgate's own info changes on every command (its queue depth), which
   * Zigbee2MQTT's has not: published again only when what a Zigbee2MQTT client reads changed.
   */
  let infoJson: string | undefined;
  const publishInfo = (force = false) => {
    const info = deps.info();
    const json = JSON.stringify(
      infoPayload(info, {
        baseTopic: base,
        logLevel: config.logLevel,
        homeassistant: config.z2m.homeassistant.enabled,
        lastSeen: heard.lastSeenFormat(),
        permitJoinEnd: info.permit_join.open ? Date.now() + info.permit_join.remaining * 1000 : undefined,
      }),
    );
    if (!force && json === infoJson) return;
    infoJson = json;
    send(t.bridgeInfo(base), json, true);
  };
  /** bridge/devices and bridge/groups, only when something in them changed (not on every last-seen). */
  const publishLists = (force = false) => {
    const info = deps.info();
    const devices = [coordinatorPayload(info), ...radio.devices().map((d) => devicePayload(d, names.of(d.ieee), info.coordinator.ieee))];
    const json = JSON.stringify(devices);
    if (force || json !== devicesJson.value) {
      devicesJson.value = json;
      send(t.bridgeDevices(base), json, true);
    }
    // With the network down (a reset or a channel change under way) the radio's groups are the last read.
    send(t.bridgeGroups(base), groupsPayload(groups.list(), names.groupName), true);
  };
  const listsChanged = () => {
    listTimer ??= setTimeout(() => {
      listTimer = undefined;
      try {
        if (running) publishLists();
      } catch (err) {
        // A timer's throw would end the process: the lists wait for the next change instead.
        log.warn({ err }, 'bridge/devices and bridge/groups not published');
      }
    }, 100);
  };
  /** A rename (either API) or a removal: the old topics are emptied, the new ones published. */
  const renameTimers = new Set<ReturnType<typeof setTimeout>>();
  /** Devices whose next rename is a `homeassistant_rename`. */
  const haRenames = new Set<string>();
  const namesChanged = () => {
    for (const { ieee, from, to } of names.refresh()) {
      if (from !== undefined) {
        void clear(t.entity(base, from));
        void clear(t.availability(base, from));
      }
      if (to === undefined) {
        discovery?.forget(ieee);
        cache.delete(ieee);
        heard.forget(ieee);
        availability.delete(ieee);
        continue;
      }
      publishAvailability(ieee, true);
      if (haRenames.delete(ieee) && discovery) {
        // Zigbee2MQTT's homeassistant_rename: the configs go first, so HA drops the old entities and
        // makes new ones with ids from the new name; 2 s later the new configs (same unique_id).
        discovery.forget(ieee);
        const timer = setTimeout(() => {
          renameTimers.delete(timer);
          if (running) discover(ieee);
        }, HA_RENAME_DELAY_MS);
        renameTimers.add(timer);
      } else discover(ieee);
      publishState(ieee, cache.get(ieee));
    }
  };
  const publishAll = () => {
    send(t.bridgeState(base), { state: 'online' }, true);
    publishInfo(true);
    publishLists(true);
    for (const d of registry.all()) {
      publishAvailability(d.ieee, true);
      // A device that takes firmware updates carries Zigbee2MQTT's `update` block from the start.
      const ota = deps.ota.state(d.ieee);
      publishState(d.ieee, ota ? cache.update(d.ieee, definitionOf(d.ieee), { update: updateBlock(ota) }) : cache.get(d.ieee));
    }
  };
  const event = (type: string, data: Record<string, unknown>) => send(t.bridgeEvent(base), { type, data });
  const commands = createZ2mCommands(deps, { names, deviceState, groupState, log: logging });
  const requests = createZ2mRequests(deps, {
    link,
    names,
    groups,
    logging,
    publishLists: () => publishLists(),
    namesChanged,
    haRename: (ieee, on) => {
      if (on) haRenames.add(ieee);
      else haRenames.delete(ieee);
    },
    async setOptions(settings) {
      const format = settings['advanced.last_seen'];
      if (!(LAST_SEEN_FORMATS as readonly unknown[]).includes(format)) throw new Error(`advanced.last_seen must be one of ${LAST_SEEN_FORMATS.join(', ')}`);
      heard.setLastSeen(format as LastSeenFormat);
      log.info({ last_seen: format }, 'Zigbee2MQTT API options applied');
      publishInfo(true);
    },
    async restart() {
      logging('info', 'Restarting the Zigbee stack');
      await requests.restartNetwork();
      publishAll();
    },
  });

  return {
    name: 'z2m-api',
    async start() {
      running = true;
      names.refresh();
      await groups.start();
      if (ha.enabled) {
        discovery = createDiscovery({
          link,
          base,
          prefix: ha.prefix,
          coordinator: deps.info().coordinator.ieee,
          version: deps.info().versions.herdgate,
          onError: (err, topic) => log.error({ err, topic }, 'discovery publish failed'),
        });
        for (const d of registry.all()) discover(d.ieee);
        await link.subscribe([ha.statusTopic], (topic, raw) => {
          if (!running || topic !== ha.statusTopic || raw.toString('utf8').trim().toLowerCase() !== 'online') return;
          clearTimeout(birthTimer);
          birthTimer = setTimeout(() => {
            if (!running) return;
            discovery?.announceAll();
            publishAll();
          }, options.birthDelayMs ?? BIRTH_DELAY_MS);
        });
      }
      radio.on('deviceState', ({ ieee, state, linkquality, lastSeen, bridgeKeys }) => {
        if (!running) return;
        heard.heard(ieee, linkquality, lastSeen);
        // What the bridge made itself for deCONZ (a zone flag the converters did not read) is not Zigbee2MQTT's.
        deviceState(ieee, bridgeKeys ? Object.fromEntries(Object.entries(state).filter(([key]) => !bridgeKeys.includes(key))) : state);
      });
      radio.on('deviceJoined', ({ ieee }) => {
        if (running) event('device_joined', { friendly_name: names.of(ieee), ieee_address: ieee });
      });
      radio.on('deviceAnnounce', ({ ieee }) => {
        if (running) event('device_announce', { friendly_name: names.of(ieee), ieee_address: ieee });
      });
      radio.on('deviceLeave', ({ ieee }) => {
        if (running) event('device_leave', { ieee_address: ieee, friendly_name: names.of(ieee) });
      });
      radio.on('deviceInterview', ({ ieee, status }) => {
        if (!running) return;
        const device = radio.device(ieee);
        const done = status === 'successful' && device ? { supported: device.definition !== undefined, definition: definitionPayload(device) ?? null } : {};
        event('device_interview', { friendly_name: names.of(ieee), status, ieee_address: ieee, ...done });
      });
      offs.push(
        bus.on('deviceUpdated', ({ description }) => {
          definitions.delete(description.ieee);
          namesChanged();
          // An interview that finished, a definition that changed: the configs follow.
          if (description.interview === 'successful') discover(description.ieee);
          publishAvailability(description.ieee);
          listsChanged();
        }),
        bus.on('deviceRemoved', () => {
          namesChanged();
          listsChanged();
        }),
        bus.on('infoChanged', () => publishInfo()),
        // A check, a transfer's progress, an update's end: the device's state message carries it.
        bus.on('otaChanged', ({ ieee, ota }) => {
          if (running) deviceState(ieee, { update: updateBlock(ota) });
        }),
        // A REST command changed what the radio holds: show it here too. A report was published
        // from the radio's own deviceState already; comparing it again would only cost the report.
        bus.on('endpointChanged', ({ ieee, report }) => {
          if (report) return;
          setImmediate(() => {
            if (!running) return;
            const before = JSON.stringify(cache.get(ieee));
            const message = cache.update(ieee, definitionOf(ieee), radio.state(ieee));
            if (JSON.stringify(cache.get(ieee)) !== before) publishState(ieee, message);
          });
        }),
      );
      await link.subscribe(t.inbound(base), (topic, raw) => {
        if (!running) return;
        const parsed = parseZ2mTopic(base, topic);
        const text = raw.toString('utf8');
        let work: Promise<void> | undefined;
        if (parsed?.kind === 'set' || parsed?.kind === 'get') work = commands.handle(parsed.kind, parsed.path, parsed.attribute, text);
        else if (parsed?.kind === 'request') work = requests.handle(parsed.name, text);
        work?.catch((err: unknown) => log.error({ err, topic }, 'handling a Zigbee2MQTT message failed'));
      });
      link.onConnect(publishAll);
      publishAll();
    },
    async stop() {
      running = false;
      clearTimeout(listTimer);
      clearTimeout(birthTimer);
      for (const timer of renameTimers) clearTimeout(timer);
      groups.stop();
      for (const off of offs.splice(0)) off();
      await link.publish(t.bridgeState(base), { state: 'offline' }, { retain: true }).catch(() => {});
    },
  };
}
