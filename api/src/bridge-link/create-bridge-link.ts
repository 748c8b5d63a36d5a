import type { Logger } from 'pino';
import { createBus } from '@herdgate/shared/bus';
import type * as v from 'valibot';
import {
  responseDataSchemas,
  responseSchema,
  setResultDataSchema,
  matterStatusSchema,
  topics,
  type RequestName,
  type ResponsePayloads,
  type TopicContext,
} from '@herdgate/shared/mqtt';
import { decodePayload } from '@herdgate/shared/mqtt';
import type { MatterStatus } from '@herdgate/shared/mqtt';
import type { BridgeLink, CommandOutcome, DeviceCommand, LinkEvent } from '../services/bridge-link';
import { LinkMirror, type Reply } from './mirror';
import { PendingCalls, type Settled } from './pending';

/** The wire under the link: an MQTT client already subscribed to the consumer filters. */
export interface LinkTransport {
  publish(topic: string, payload: string, options?: { retain?: boolean }): Promise<void>;
  onMessage(handler: (topic: string, payload: Uint8Array) => void): void;
  /** Called with false when the broker connection drops and true when it is back. */
  onConnection(handler: (up: boolean) => void): void;
  connected(): boolean;
  close(): Promise<void>;
}

export interface BridgeLinkOptions {
  transport: LinkTransport;
  base: string;
  preferredBridge?: string;
  logger: Logger;
  /** Default bound on every wait for a result or response (the bridge gives up on a device after 15 s). */
  timeoutMs?: number;
}

export const DEFAULT_LINK_TIMEOUT_MS = 16_000;

const replySchemas = new Map<string, v.GenericSchema>();
function replySchema(reply: Reply): v.GenericSchema {
  const kind = reply.topic.kind;
  const key = kind === 'bridge/response' ? reply.topic.name : kind === 'matter/response' ? 'matter' : 'set-result';
  let schema = replySchemas.get(key);
  if (!schema) {
    const data = kind === 'bridge/response' ? responseDataSchemas[reply.topic.name] : kind === 'matter/response' ? matterStatusSchema : setResultDataSchema;
    replySchemas.set(key, (schema = responseSchema(data)));
  }
  return schema;
}

/** The BridgeLink over any MQTT transport: mirror, correlation and listeners; no platform code. */
export function createBridgeLink(options: BridgeLinkOptions): BridgeLink {
  const { transport, base, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LINK_TIMEOUT_MS;
  const mirror = new LinkMirror({ base, preferredBridge: options.preferredBridge, logger });
  const pending = new PendingCalls('api');
  const listeners = createBus<{ link: LinkEvent }>((err, _name, event) =>
    logger.error({ err, event: (event as LinkEvent).kind }, 'bridge link listener failed'),
  );

  const emit = (events: LinkEvent[]) => {
    for (const event of events) {
      if (event.kind === 'bridge-offline') pending.failAll('not_connected', `bridge ${event.bridge} went offline`);
      listeners.emit('link', event);
    }
  };

  const settleReply = (reply: Reply) => {
    const decoded = decodePayload(replySchema(reply), reply.payload);
    if (!decoded.ok) return logger.warn({ topic: reply.topic, error: decoded.response.error }, 'ignored an invalid reply from the bridge');
    const answer = decoded.value as
      | { transaction?: string | number; status: 'ok'; data: unknown }
      | { transaction?: string | number; status: 'error'; error: { code: string; message: string; field?: string } };
    if (typeof answer.transaction !== 'string') return;
    const outcome: Settled<unknown> =
      answer.status === 'ok'
        ? { status: 'ok', data: answer.data }
        : {
            status: 'error',
            code: answer.error.code,
            message: answer.error.message,
            ...(answer.error.field === undefined ? {} : { field: answer.error.field }),
          };
    pending.settle(answer.transaction, outcome);
  };

  transport.onMessage((topic, payload) => {
    try {
      const { events, reply } = mirror.handle(topic, payload);
      emit(events);
      if (reply) settleReply(reply);
    } catch (err) {
      // A message must never take the api down, whatever it contains.
      logger.error({ err, topic }, 'bridge link could not handle a message');
    }
  });
  transport.onConnection((up) => {
    if (up) return logger.info('bridge link connected to the broker');
    logger.warn('bridge link lost the broker connection');
    emit(mirror.disconnected());
    pending.failAll('not_connected', 'lost the connection to the MQTT broker');
  });

  const connected = () => transport.connected() && mirror.online();

  /** Publish with a fresh transaction and wait (bounded) for the answer carrying it. */
  async function call<T>(what: string, topic: (ctx: TopicContext) => string, body: Record<string, unknown>, wait?: number): Promise<Settled<T>> {
    const bridge = mirror.selected();
    if (!connected() || bridge === undefined) {
      return { status: 'error', code: 'not_connected', message: `${what}: the bridge is not connected` };
    }
    const transaction = pending.nextTransaction();
    const bound = wait ?? timeoutMs;
    const answer = pending.wait<T>(transaction, bound, what);
    // Nobody waits for the answer after `bound`: a copy the MQTT client resends after an outage
    // must not be executed then (the bridge answers it `expired`).
    const expires = Date.now() + bound;
    try {
      await transport.publish(topic({ base, bridge }), JSON.stringify({ ...body, transaction, expires }));
    } catch (err) {
      pending.settle(transaction, { status: 'error', code: 'not_connected', message: `${what}: publish failed: ${(err as Error).message}` });
    }
    return answer;
  }

  return {
    connected,
    info: () => mirror.info(),
    devices: () => mirror.devices,
    removedDevices: () => mirror.removedDevices(),
    endpointState: (ieee, endpoint) => mirror.endpointState(ieee, endpoint),
    deviceOta: (ieee) => mirror.deviceOta(ieee),
    subscribe(listener) {
      return listeners.on('link', listener);
    },
    setDevice(ieee: string, endpoint: number, command: DeviceCommand, wait?: number): Promise<CommandOutcome> {
      return call(`set ${ieee}/${endpoint}`, () => topics.deviceSet(base, ieee, endpoint), command, wait) as Promise<CommandOutcome>;
    },
    setGroup(group: number, command: DeviceCommand, wait?: number): Promise<CommandOutcome> {
      return call(`set group ${group}`, (ctx) => topics.groupSet(ctx, group), command, wait) as Promise<CommandOutcome>;
    },
    request<N extends RequestName>(name: N, data: Record<string, unknown>, wait?: number) {
      return call<ResponsePayloads[N]>(`request ${name}`, (ctx) => topics.request(ctx, name), data, wait);
    },
    async answerGateway(name, response) {
      const bridge = mirror.selected();
      if (bridge === undefined || !transport.connected()) return;
      await transport.publish(topics.gatewayResponse({ base, bridge }, name), JSON.stringify(response));
    },
    async publishGroups(groups) {
      const bridge = mirror.selected();
      if (bridge === undefined || !transport.connected()) return;
      await transport.publish(topics.gatewayGroups({ base, bridge }), JSON.stringify(groups), { retain: true });
    },
    matter: () => mirror.matter(),
    async matterRequest(name, data, wait) {
      // The Matter bridge follows the same broker, not a bridge: only the broker connection matters.
      if (!transport.connected() || mirror.matter() === undefined)
        return { status: 'error', code: 'not_connected', message: 'no Matter bridge is running (MATTER=1)' };
      const transaction = pending.nextTransaction();
      const answer = pending.wait<MatterStatus>(transaction, wait ?? timeoutMs, `matter ${name}`);
      await transport.publish(topics.matterRequest(base, name), JSON.stringify({ ...data, transaction })).catch((err: Error) => {
        pending.settle(transaction, { status: 'error', code: 'not_connected', message: `matter ${name}: publish failed: ${err.message}` });
      });
      return answer;
    },
    async publishMatterNames(names) {
      if (!transport.connected()) return;
      await transport.publish(topics.matterNames(base), JSON.stringify({ names }), { retain: true });
    },
    async close() {
      listeners.clear();
      pending.failAll('not_connected', 'the bridge link is closing');
      await transport.close();
    },
  } as BridgeLink;
}
