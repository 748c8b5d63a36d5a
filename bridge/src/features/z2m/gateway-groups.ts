import type * as v from 'valibot';
import {
  decodePayload,
  filters,
  gatewayGroupsSchema,
  gatewayResponseDataSchemas,
  parseTopic,
  responseSchema,
  topics,
  type GatewayGroups,
  type GatewayRequestName,
  type GatewayRequestPayloads,
  type GatewayResponsePayloads,
  type TopicContext,
} from '@herdgate/shared/mqtt';
import type { MqttLink } from '../../mqtt/link';
import { RadioError } from '../../zigbee/radio-error';
import type { ZigbeeRadio } from '../../zigbee/index';
import type { KnownGroup } from './friendly-names';

/**
 * The groups as the Zigbee2MQTT-compatible API shows them: the api's REST groups (names and light
 * members, from its retained list) joined with what the radio holds (members that are no lights),
 * and the bridge's requests to the api, which owns the groups. Before the api's list arrived (a
 * bridge without an api), the radio's groups alone, as `group_<id>`.
 */
export type Member = { ieee: string; endpoint: number };
export interface GroupView {
  id: number;
  name?: string;
  members: Member[];
}

/** How long the api may take: a membership write asks every device it touches. */
const ANSWER_MS = 20_000;

export class GatewayUnanswered extends Error {}

export function createGatewayGroups(options: { link: MqttLink; topics: TopicContext; radio: ZigbeeRadio; onChange: () => void; answerMs?: number }) {
  const { link, radio } = options;
  let api: GatewayGroups | undefined;
  let radioGroups: Array<{ id: number; members: Member[] }> = [];
  const waiting = new Map<string, (answer: { ok: true; data: unknown } | { ok: false; message: string }) => void>();
  let counter = 0;

  /** The radio's groups; with the network down, the last ones read. */
  const readRadio = () => {
    try {
      radioGroups = radio.groups();
    } catch (err) {
      if (!(err instanceof RadioError)) throw err;
    }
    return radioGroups;
  };

  const list = (): GroupView[] => {
    const byId = new Map<number, GroupView>();
    for (const g of api?.groups ?? []) byId.set(g.id, { id: g.id, name: g.name, members: [...g.members] });
    for (const g of readRadio()) {
      // herdsman keeps a group its last member left: with the api's list, only REST's or a used one shows.
      if (api && g.members.length === 0 && !byId.has(g.id)) continue;
      const entry = byId.get(g.id) ?? { id: g.id, members: [] };
      for (const m of g.members) if (!entry.members.some((x) => x.ieee === m.ieee && x.endpoint === m.endpoint)) entry.members.push(m);
      byId.set(g.id, entry);
    }
    return [...byId.values()].sort((a, b) => a.id - b.id);
  };

  const onMessage = (topic: string, payload: Buffer) => {
    const parsed = parseTopic(options.topics.base, topic);
    if (parsed?.kind === 'gateway/groups' && parsed.bridge === options.topics.bridge) {
      if (payload.length === 0) api = undefined;
      else {
        const decoded = decodePayload(gatewayGroupsSchema, payload);
        if (!decoded.ok) return;
        api = decoded.value;
      }
      options.onChange();
    } else if (parsed?.kind === 'gateway/response' && parsed.bridge === options.topics.bridge) {
      const decoded = decodePayload(responseSchema(gatewayResponseDataSchemas[parsed.name] as v.GenericSchema), payload);
      if (!decoded.ok) return;
      const answer = decoded.value as
        | { transaction?: unknown; status: 'ok'; data: unknown }
        | { transaction?: unknown; status: 'error'; error: { message: string } };
      const settle = typeof answer.transaction === 'string' ? waiting.get(answer.transaction) : undefined;
      settle?.(answer.status === 'ok' ? { ok: true, data: answer.data } : { ok: false, message: answer.error.message });
    }
  };

  return {
    async start() {
      await link.subscribe(filters.gatewayToBridge(options.topics), onMessage);
    },
    /** Whether the api's group list is known (an api follows this bridge). */
    present: () => api !== undefined,
    list,
    known: (): KnownGroup[] => list().map(({ id, name }) => ({ id, name })),
    /** Asks the api; resolves with its data, rejects with its error message (or none in time). */
    ask<N extends GatewayRequestName>(name: N, payload: GatewayRequestPayloads[N]): Promise<GatewayResponsePayloads[N]> {
      counter += 1;
      const transaction = `z2m-${counter}`;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(transaction);
          reject(new GatewayUnanswered(`the REST api did not answer '${name}' in time`));
        }, options.answerMs ?? ANSWER_MS);
        waiting.set(transaction, (answer) => {
          clearTimeout(timer);
          waiting.delete(transaction);
          if (answer.ok) resolve(answer.data as GatewayResponsePayloads[N]);
          else reject(new GatewayUnanswered(answer.message));
        });
        link.publish(topics.gatewayRequest(options.topics, name), { ...payload, transaction }).catch((err: unknown) => {
          clearTimeout(timer);
          waiting.delete(transaction);
          reject(err);
        });
      });
    },
    stop() {
      for (const settle of waiting.values()) settle({ ok: false, message: 'the bridge is stopping' });
    },
  };
}
export type GatewayGroupsView = ReturnType<typeof createGatewayGroups>;
