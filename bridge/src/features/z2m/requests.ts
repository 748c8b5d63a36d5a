import * as v from 'valibot';
import { z2mTopics as t } from '@herdgate/shared/mqtt';
import { RadioError } from '../../zigbee/radio-error';
import { describeError } from '../error-codes';
import { createRequestHandlers } from '../requests';
import type { MqttLink } from '../../mqtt/link';
import type { FeatureDeps } from '../types';
import type { FriendlyNames } from './friendly-names';
import { GatewayUnanswered, type GatewayGroupsView } from './gateway-groups';
import { graphviz, plantuml, rawTopology } from './network-map';
import { createOtaUpdateHandlers, otaOp, otaResponseName } from './ota-update';
import { bareToObject, z2mRequestSchemas as s } from './request-payloads';

/**
 * `bridge/request/<name>` → `bridge/response/<name>` in Zigbee2MQTT's envelope, `transaction`
 * echoed. Each request is served by the bridge's own request handler (the same queue and the same
 * honest outcomes as the contract's); a bad payload or an unknown entity is answered with an
 * error and changes nothing. What herdgate cannot do yet is answered so, never faked.
 */
interface Sinks {
  /** The API's own MQTT connection. */
  link: MqttLink;
  names: FriendlyNames;
  groups: GatewayGroupsView;
  logging(level: 'info' | 'warning' | 'error', message: string): void;
  publishLists(): void;
  namesChanged(): void;
  /** Marks the device's coming rename: its Home Assistant configs are cleared first, so HA makes new entity ids. */
  haRename(ieee: string, on: boolean): void;
  /** Applies Zigbee2MQTT settings the API serves (`advanced.last_seen`); throws for any other. */
  setOptions(options: Record<string, unknown>): Promise<void>;
  /** Restarts the Zigbee stack (herdsman's controller) and publishes everything again. */
  restart(): Promise<void>;
}

class Refused extends Error {}

const NETWORK_MAP_TYPES = ['raw', 'graphviz', 'plantuml'] as const;
type NetworkMapType = (typeof NETWORK_MAP_TYPES)[number];

/** The Zigbee2MQTT settings `options` changes here (the rest is herdgate's environment). */
const OPTIONS = ['advanced.last_seen'];
function flatten(value: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, inner] of Object.entries(value)) {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) flatten(inner as Record<string, unknown>, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = inner;
  }
  return into;
}

const NOT_YET: Record<string, string> = {
  backup: "not supported yet: Zigbee2MQTT's zip of its data directory has no herdgate equivalent; use herdgate's own backup request",
  coordinator_check: 'not supported yet',
  'device/options': 'not supported yet: herdgate has no per-device Zigbee2MQTT options',
  'device/configure_reporting': 'not supported yet: reporting is configured by the converters at pairing',
  'device/reporting/configure': 'not supported yet: reporting is configured by the converters at pairing',
  'group/options': 'not supported yet',
};

export function createZ2mRequests(deps: FeatureDeps, sinks: Sinks) {
  const h = createRequestHandlers(deps);
  const base = deps.config.z2m.baseTopic;

  const device = (id: string | number) => {
    const found = sinks.names.resolve(String(id));
    if (found?.kind !== 'device') throw new Refused(`Device '${id}' does not exist`);
    return found.ieee;
  };
  const group = (id: string | number) => {
    const found = sinks.names.resolve(typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : id);
    if (found?.kind !== 'group') throw new Refused(`Group '${id}' does not exist`);
    return found.id;
  };
  const endpointId = (ieee: string, ep: string | number | undefined) => {
    if (typeof ep === 'number') return ep;
    const radioDevice = deps.radio.device(ieee);
    const names = radioDevice?.definition?.endpointNames ?? {};
    const id = ep === undefined ? (names.default ?? radioDevice?.endpoints[0]?.id) : (names[ep] ?? (/^\d+$/.test(ep) ? Number(ep) : undefined));
    if (id === undefined) throw new Refused(`Device '${ieee}' has no endpoint '${ep}'`);
    return id;
  };
  const parse = <T extends v.GenericSchema>(schema: T, payload: unknown): v.InferOutput<T> => {
    const result = v.safeParse(schema, payload);
    if (!result.success) {
      const issue = result.issues[0];
      const path = issue.path?.map((p) => String(p.key)).join('.');
      throw new Refused(`Invalid payload${path ? ` (${path})` : ''}: ${issue.message}`);
    }
    return result.output;
  };
  const bind = async (payload: unknown, unbind: boolean) => {
    const p = parse(s['device/bind'], payload);
    const ieee = device(p.from);
    const target = sinks.names.resolve(typeof p.to === 'number' ? p.to : p.to === 'default_bind_group' ? 901 : p.to);
    if (target?.kind !== 'group') throw new Refused('not supported yet: herdgate binds to groups only (to: a group name or id)');
    const endpoint = endpointId(ieee, p.from_endpoint);
    const done = await (unbind ? h['device/unbind'] : h['device/bind'])({ ieee, endpoint, group: target.id, ...(p.clusters ? { clusters: p.clusters } : {}) });
    return {
      from: p.from,
      from_endpoint: endpoint,
      to: p.to,
      to_endpoint: p.to_endpoint ?? null,
      clusters: done.clusters,
      failed: (p.clusters ?? []).filter((c) => !done.clusters.includes(c)),
    };
  };
  /** The api's answer, or its refusal as this API's error. */
  const askApi = async <T>(ask: () => Promise<T>): Promise<T> => {
    try {
      return await ask();
    } catch (err) {
      if (err instanceof GatewayUnanswered) throw new Refused(err.message);
      throw err;
    }
  };
  const members = async (payload: unknown, remove: boolean) => {
    const p = parse(s['group/members/add'], payload);
    const ieee = device(p.device);
    const id = group(p.group);
    const endpoint = endpointId(ieee, p.endpoint);
    let viaApi = sinks.groups.present();
    if (viaApi) {
      try {
        await sinks.groups.ask(remove ? 'group/members/remove' : 'group/members/add', { id, ieee, endpoint });
      } catch (err) {
        // REST groups hold lights: another endpoint (a switch's, for a binding) is the radio's alone.
        if (!(err instanceof GatewayUnanswered && err.message.startsWith('no light on')))
          throw err instanceof GatewayUnanswered ? new Refused(err.message) : err;
        viaApi = false;
      }
    }
    if (!viaApi) await (remove ? h['group/remove_member'] : h['group/add_member'])({ group: id, ieee, endpoint });
    sinks.publishLists();
    return { device: p.device, endpoint: p.endpoint ?? endpoint, group: p.group };
  };

  const requireApi = () => {
    if (!sinks.groups.present()) throw new Refused("groups are the REST API's, and no REST api follows this bridge (its group list has not arrived)");
  };
  const factsOf = (ieee: string) => {
    const d = deps.radio.device(ieee);
    const definition = d?.definition;
    const exposes = (definition?.z2m?.exposes ?? []) as Array<{ name?: string; type: string; features?: Array<{ name?: string }> }>;
    return {
      friendlyName: ieee === deps.info().coordinator.ieee ? 'Coordinator' : sinks.names.of(ieee),
      manufacturerName: d?.manufacturerName,
      modelID: d?.modelId,
      lastSeen: deps.registry.get(ieee)?.lastseen_at,
      definition: definition
        ? {
            model: definition.model,
            vendor: definition.vendor,
            description: definition.description,
            supports: [...new Set(exposes.map((e) => e.name ?? `${e.type} (${(e.features ?? []).map((f) => f.name).join(', ')})`))].join(', '),
          }
        : undefined,
    };
  };

  const otaUpdate = createOtaUpdateHandlers({ deps, device, nameOf: (ieee) => sinks.names.of(ieee), refuse: (message) => new Refused(message), parse });

  const handlers: Record<string, (payload: unknown) => Promise<Record<string, unknown>>> = {
    async networkmap(payload) {
      const p = parse(s.networkmap, payload);
      if (!NETWORK_MAP_TYPES.includes(p.type as NetworkMapType))
        throw new Refused(`Type '${String(p.type)}' not supported, allowed are: ${NETWORK_MAP_TYPES.join(',')}`);
      const map = await h['network/map']({});
      const topology = rawTopology(map, factsOf);
      const value = p.type === 'raw' ? topology : p.type === 'graphviz' ? graphviz(topology) : plantuml(topology);
      return { type: p.type, routes: p.routes, value };
    },
    async options(payload) {
      const p = parse(s.options, payload);
      const flat = flatten(p.options);
      const other = Object.keys(flat).filter((key) => !OPTIONS.includes(key));
      if (other.length > 0)
        throw new Refused(
          `not supported: '${other.join("', '")}' (herdgate is configured through its environment; this API takes ${OPTIONS.join(', ')}); nothing was changed`,
        );
      try {
        await sinks.setOptions(flat);
      } catch (err) {
        throw new Refused(`${(err as Error).message}; nothing was changed`);
      }
      return { restart_required: false };
    },
    async restart(payload) {
      parse(s.restart, payload);
      // As Zigbee2MQTT: the answer first, the restart half a second later.
      setTimeout(() => {
        sinks.restart().catch((err: unknown) => deps.logger.error({ err }, 'Zigbee2MQTT API restart failed'));
      }, 500);
      return {};
    },
    async 'group/add'(payload) {
      const p = parse(s['group/add'], payload);
      requireApi();
      if (sinks.names.resolve(p.friendly_name)) throw new Refused(`friendly_name '${p.friendly_name}' is already in use`);
      const id = p.id === undefined ? undefined : Number(p.id);
      if (id !== undefined && sinks.groups.list().some((g) => g.id === id)) throw new Refused(`Group ID '${id}' is already in use`);
      const added = await askApi(() => sinks.groups.ask('group/add', { name: p.friendly_name, ...(id === undefined ? {} : { id }) }));
      if (!added.created) throw new Refused(`friendly_name '${p.friendly_name}' is already in use`);
      return { friendly_name: p.friendly_name, id: added.id };
    },
    async 'group/remove'(payload) {
      const p = parse(s['group/remove'], payload);
      requireApi();
      const id = group(p.id);
      const name = sinks.names.groupName(id);
      await askApi(() => sinks.groups.ask('group/remove', { id }));
      void sinks.link.clear(t.entity(base, name));
      return { id: p.id, force: p.force };
    },
    async 'group/rename'(payload) {
      const p = parse(s['group/rename'], payload);
      requireApi();
      const id = group(p.from);
      const from = sinks.names.groupName(id);
      await askApi(() => sinks.groups.ask('group/rename', { id, name: p.to }));
      void sinks.link.clear(t.entity(base, from));
      return { from, to: p.to, homeassistant_rename: p.homeassistant_rename };
    },
    async permit_join(payload) {
      const p = parse(s.permit_join, payload);
      await h.permit_join({ time: p.time, ...(p.device ? { ieee: device(p.device) } : {}) });
      return { time: p.time, ...(p.device ? { device: p.device } : {}) };
    },
    async 'install_code/add'(payload) {
      const p = parse(s['install_code/add'], payload);
      await deps.radio.addInstallCodeText(p.value);
      return { value: p.value };
    },
    async health_check(payload) {
      parse(s.health_check, payload);
      return { healthy: deps.radio.isUp() };
    },
    async 'device/remove'(payload) {
      const p = parse(s['device/remove'], payload);
      if (p.block) throw new Refused('not supported yet: herdgate cannot block a device from joining again');
      const ieee = device(p.id);
      await h['device/remove']({ ieee, leave: true, force: p.force });
      return {
        id: p.id,
        block: p.block,
        force: p.force,
        ...(p.keep_config === undefined ? {} : { keep_config: p.keep_config }),
        ...(p.clear_cache === undefined ? {} : { clear_cache: p.clear_cache }),
      };
    },
    async 'device/rename'(payload) {
      const p = parse(s['device/rename'], payload);
      if (p.from === undefined) throw new Refused(p.last ? "not supported yet: 'last' (rename the last joined device)" : "Invalid payload: 'from' is missing");
      const ieee = device(p.from);
      const from = sinks.names.of(ieee);
      sinks.haRename(ieee, p.homeassistant_rename);
      try {
        await h['device/rename']({ ieee, name: p.to });
      } catch (err) {
        sinks.haRename(ieee, false);
        throw err;
      }
      sinks.namesChanged();
      if (sinks.names.of(ieee) !== p.to)
        throw new Refused(`'${p.to}' cannot be a friendly name (taken, or not usable in a topic); the device shows as '${sinks.names.of(ieee)}'`);
      return { from, to: p.to, homeassistant_rename: p.homeassistant_rename };
    },
    async 'device/configure'(payload) {
      const p = parse(s['device/configure'], payload);
      const result = await h['device/reload']({ ieee: device(p.id) });
      if (!result.configured) throw new Refused(`Failed to configure '${p.id}'`);
      return { id: p.id };
    },
    async 'device/interview'(payload) {
      const p = parse(s['device/interview'], payload);
      const result = await h['device/reload']({ ieee: device(p.id) });
      if (!result.configured) throw new Refused(`Interview of '${p.id}' failed`);
      return { id: p.id };
    },
    'device/bind': (payload) => bind(payload, false),
    'device/unbind': (payload) => bind(payload, true),
    'group/members/add': (payload) => members(payload, false),
    'group/members/remove': (payload) => members(payload, true),
    async 'touchlink/scan'(payload) {
      parse(s['touchlink/scan'], payload);
      const { results } = await h['touchlink/scan']({});
      return { found: results.map((r) => ({ ieee_address: r.ieee, channel: r.channel })) };
    },
    async 'touchlink/identify'(payload) {
      const p = parse(s['touchlink/identify'], payload);
      await h['touchlink/identify']({ ieee: p.ieee_address.toLowerCase(), channel: p.channel });
      return { ieee_address: p.ieee_address, channel: p.channel };
    },
    async 'touchlink/factory_reset'(payload) {
      const p = parse(s['touchlink/factory_reset'], payload);
      await h['touchlink/reset']({ ieee: p.ieee_address.toLowerCase(), channel: p.channel });
      return { ieee_address: p.ieee_address, channel: p.channel };
    },
  };

  return {
    /** herdsman's controller stopped and started again on the same network (`restart`). */
    async restartNetwork() {
      await h['network/connect']({ connected: false });
      await h['network/connect']({ connected: true });
    },
    async handle(name: string, raw: string): Promise<void> {
      let json: unknown;
      let transaction: unknown;
      try {
        json = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        json = raw;
      }
      if (json && typeof json === 'object' && !Array.isArray(json) && 'transaction' in json) {
        const { transaction: tx, ...rest } = json as Record<string, unknown>;
        transaction = tx;
        json = rest;
      }
      const envelope = (body: Record<string, unknown>) => (transaction === undefined ? body : { ...body, transaction });
      let response: Record<string, unknown>;
      try {
        if (otaOp(name)) response = envelope({ data: await otaUpdate(name, json), status: 'ok' });
        else {
          const handler = handlers[name];
          if (!handler) throw new Refused(NOT_YET[name] ?? `Request '${name}' is not supported`);
          response = envelope({ data: await handler(bareToObject(name, json)), status: 'ok' });
        }
      } catch (err) {
        const message = err instanceof Refused ? err.message : err instanceof RadioError ? err.message : describeError(err).message;
        sinks.logging('error', `Request '${name}' failed with error: '${message}'`);
        response = envelope({ data: {}, status: 'error', error: message });
      }
      await sinks.link.publish(t.response(base, otaResponseName(name)), response);
    },
  };
}
