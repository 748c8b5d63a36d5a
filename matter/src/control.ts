import type { Logger } from 'pino';
import {
  decodePayload,
  errorResponse,
  matterNamesSchema,
  matterRequestSchemas,
  okResponse,
  parseTopic,
  topics,
  type MatterRequestName,
  type MatterStatus,
} from '@herdgate/shared/mqtt';
import type { MatterBridge } from './bridge-node';
import type { MatterMqtt } from './mqtt';

export interface ControlOptions {
  mqtt: MatterMqtt;
  base: string;
  logger: Logger;
  /** Names changed (a retained `matter/names` arrived). */
  onNames: (names: ReadonlyMap<string, string>) => void;
}

/**
 * The Matter bridge's own topics: answers the api's requests (window, fabrics) with the envelope
 * and the new status, and takes the REST names the api publishes.
 */
export class MatterControl {
  private bridge: MatterBridge | undefined;

  constructor(private readonly options: ControlOptions) {
    options.mqtt.onMessage((topic, payload) => {
      void this.handle(topic, payload).catch((err: unknown) => options.logger.error({ err, topic }, 'matter: could not handle a message'));
    });
  }

  attach(bridge: MatterBridge): void {
    this.bridge = bridge;
  }

  publishStatus(status: MatterStatus): void {
    this.options.mqtt
      .publish(topics.matterState(this.options.base), JSON.stringify(status), { retain: true })
      .catch((err: unknown) => this.options.logger.warn({ err }, 'matter: could not publish the status'));
  }

  private async handle(topicName: string, payload: Uint8Array): Promise<void> {
    const topic = parseTopic(this.options.base, topicName);
    if (topic?.kind === 'matter/names') {
      if (payload.length === 0) return this.options.onNames(new Map());
      const decoded = decodePayload(matterNamesSchema, payload);
      if (decoded.ok) this.options.onNames(new Map(Object.entries(decoded.value.names)));
      return;
    }
    if (topic?.kind !== 'matter/request') return;
    const reply = (body: unknown) => this.options.mqtt.publish(topics.matterResponse(this.options.base, topic.name), JSON.stringify(body));
    const decoded = decodePayload(matterRequestSchemas[topic.name], payload);
    if (!decoded.ok) return reply(decoded.response);
    const { transaction } = decoded.value as { transaction?: string | number };
    if (!this.bridge) return reply(errorResponse(transaction, 'not_connected', 'the Matter bridge is starting'));
    const done = await this.run(topic.name, decoded.value as Record<string, unknown>);
    await reply(done ? okResponse(transaction, this.bridge.status()) : errorResponse(transaction, 'not_found', 'no fabric has that index', 'index'));
  }

  private async run(name: MatterRequestName, body: Record<string, unknown>): Promise<boolean> {
    const bridge = this.bridge!;
    if (name === 'window/open') await bridge.openWindow();
    else if (name === 'window/close') await bridge.closeWindow();
    else return bridge.removeFabric(body.index as number);
    return true;
  }
}
