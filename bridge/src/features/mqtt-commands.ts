import {
  decodePayload,
  errorResponse,
  filters,
  okResponse,
  parseTopic,
  requestSchemas,
  topics,
  type RequestName,
  type Transaction,
} from '@herdgate/shared/mqtt';
import { describeError } from './error-codes';
import { createRequestHandlers } from './requests';
import { createSetHandlers, expiryOf } from './set-commands';
import type { Feature, FeatureDeps } from './types';

/**
 * Inbound MQTT: device and group `set` topics and the request topics. Every payload is validated
 * by its contract schema; a bad one gets an error response naming the problem, and nothing a
 * client sends can take the bridge down (each message is handled in its own guarded task).
 */
export function mqttCommands(deps: FeatureDeps): Feature {
  const log = deps.logger.child({ feature: 'mqtt-commands' });
  const sets = createSetHandlers(deps);
  const requests = createRequestHandlers(deps);
  const base = deps.config.mqtt.baseTopic;
  let running = false;

  async function request(name: RequestName, raw: Buffer): Promise<void> {
    const responseTopic = topics.response(deps.topics, name);
    const decoded = decodePayload(requestSchemas[name], raw);
    if (!decoded.ok) {
      await deps.link.publish(responseTopic, decoded.response);
      return;
    }
    const { transaction, expires, ...payload } = decoded.value as { transaction?: Transaction; expires?: number } & Record<string, unknown>;
    const { late } = expiryOf(expires, deps.config.commands.clockToleranceMs);
    if (late) {
      log.warn({ request: name, expires }, 'expired request not executed');
      await deps.link.publish(responseTopic, errorResponse(transaction, 'expired', `request ${name}: ${late}`));
      return;
    }
    try {
      const handler = requests[name] as (p: unknown) => Promise<unknown>;
      const data = await handler(payload);
      await deps.link.publish(responseTopic, okResponse(transaction, data));
    } catch (err) {
      const { code, message } = describeError(err);
      log.warn({ request: name, code }, message);
      await deps.link.publish(responseTopic, errorResponse(transaction, code, message));
    }
  }

  function route(topic: string, raw: Buffer): Promise<void> | undefined {
    const parsed = parseTopic(base, topic);
    if (!parsed) return undefined;
    if (parsed.kind === 'device/set') return sets.deviceSet(parsed.ieee, parsed.endpoint, raw);
    if (parsed.kind === 'group/set' && parsed.bridge === deps.topics.bridge) return sets.groupSet(parsed.group, raw);
    if (parsed.kind === 'bridge/request' && parsed.bridge === deps.topics.bridge) return request(parsed.name, raw);
    return undefined;
  }

  return {
    name: 'mqtt-commands',
    async start() {
      running = true;
      await deps.link.subscribe(filters.bridgeInbound(deps.topics), (topic, raw) => {
        if (!running) return;
        route(topic, raw)?.catch((err: unknown) => log.error({ err, topic }, 'handling an inbound message failed'));
      });
    },
    stop() {
      running = false;
    },
  };
}
