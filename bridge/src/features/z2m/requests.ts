import * as v from 'valibot';
import { z2mTopics as t } from '@herdgate/shared/mqtt';
import { RadioError } from '../../zigbee/radio-error';
import { describeError } from '../error-codes';
import { createRequestHandlers } from '../requests';
import type { MqttLink } from '../../mqtt/link';
import type { FeatureDeps } from '../types';
import type { FriendlyNames } from './friendly-names';
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
  logging(level: 'info' | 'warning' | 'error', message: string): void;
  publishLists(): void;
  namesChanged(): void;
}

class Refused extends Error {}

const NOT_YET: Record<string, string> = {
  backup: "not supported yet: Zigbee2MQTT's zip of its data directory has no herdgate equivalent; use herdgate's own backup request",
  options: 'not supported: herdgate is configured through its environment, nothing was changed',
  restart: 'not supported: restart the herdgate service itself',
  coordinator_check: 'not supported yet',
  'device/options': 'not supported yet: herdgate has no per-device Zigbee2MQTT options',
  'device/configure_reporting': 'not supported yet: reporting is configured by the converters at pairing',
  'device/reporting/configure': 'not supported yet: reporting is configured by the converters at pairing',
  'group/add': 'not supported yet: groups are created through the REST API (POST /api/<key>/groups)',
  'group/remove': 'not supported yet: groups are deleted through the REST API',
  'group/rename': 'not supported yet: groups are renamed through the REST API',
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
    const id = ep === undefined ? names.default ?? radioDevice?.endpoints[0]?.id : names[ep] ?? (/^\d+$/.test(ep) ? Number(ep) : undefined);
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
    return { from: p.from, from_endpoint: endpoint, to: p.to, to_endpoint: p.to_endpoint ?? null, clusters: done.clusters, failed: (p.clusters ?? []).filter((c) => !done.clusters.includes(c)) };
  };
  const members = async (payload: unknown, remove: boolean) => {
    const p = parse(s['group/members/add'], payload);
    const ieee = device(p.device);
    const id = group(p.group);
    const endpoint = endpointId(ieee, p.endpoint);
    await (remove ? h['group/remove_member'] : h['group/add_member'])({ group: id, ieee, endpoint });
    sinks.publishLists();
    return { device: p.device, endpoint: p.endpoint ?? endpoint, group: p.group };
  };

  const handlers: Record<string, (payload: unknown) => Promise<Record<string, unknown>>> = {
    async permit_join(payload) {
      const p = parse(s.permit_join, payload);
      await h.permit_join({ time: p.time, ...(p.device ? { ieee: device(p.device) } : {}) });
      return { time: p.time, ...(p.device ? { device: p.device } : {}) };
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
      return { id: p.id, block: p.block, force: p.force, ...(p.keep_config === undefined ? {} : { keep_config: p.keep_config }), ...(p.clear_cache === undefined ? {} : { clear_cache: p.clear_cache }) };
    },
    async 'device/rename'(payload) {
      const p = parse(s['device/rename'], payload);
      if (p.from === undefined) throw new Refused(p.last ? "not supported yet: 'last' (rename the last joined device)" : "Invalid payload: 'from' is missing");
      const ieee = device(p.from);
      await h['device/rename']({ ieee, name: p.to });
      sinks.namesChanged();
      if (sinks.names.of(ieee) !== p.to) throw new Refused(`'${p.to}' cannot be a friendly name (taken, or not usable in a topic); the device shows as '${sinks.names.of(ieee)}'`);
      return { from: p.from, to: p.to, homeassistant_rename: p.homeassistant_rename };
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
        const handler = handlers[name];
        if (!handler) {
          const why = name.startsWith('device/ota_update/') ? 'not supported yet: herdgate has no OTA updates' : NOT_YET[name] ?? `Request '${name}' is not supported`;
          throw new Refused(why);
        }
        response = envelope({ data: await handler(bareToObject(name, json)), status: 'ok' });
      } catch (err) {
        const message = err instanceof Refused ? err.message : err instanceof RadioError ? err.message : describeError(err).message;
        sinks.logging('error', `Request '${name}' failed with error: '${message}'`);
        response = envelope({ data: {}, status: 'error', error: message });
      }
      await sinks.link.publish(t.response(base, name), response);
    },
  };
}
