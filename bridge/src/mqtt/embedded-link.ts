import type { Aedes, AedesPublishPacket } from 'aedes';
import type { Logger } from 'pino';
import type { MqttLink } from './link';

/**
 * The bridge's link to its own embedded broker, without a socket: a publish goes straight into
 * aedes (retained stored, persistent sessions queued, each subscriber's read rights and redactions
 * applied on delivery, as for a client's publish) and subscriptions are aedes' in-process ones.
 *
 * Over a loopback MQTT client every report cost, in this one event loop, an encode, a socket write,
 * a wake-up to read it back, a decode, the publish check and for retained state a PUBACK round
 * trip, before the broker wrote to the subscriber: work Zigbee2MQTT's process never does (its
 * broker is another process), and a second event-loop turn where a loaded machine stretches the
 * report → MQTT tail. Publishes are delivered in call order, as over one MQTT connection; the
 * broker lives and dies with this process, so there is no reconnect and no last will.
 */
export function embeddedLink(broker: Aedes, logger: Logger): MqttLink {
  const log = logger.child({ component: 'mqtt' });
  const subscriptions: Array<{ filter: string; deliver: (packet: AedesPublishPacket, done: () => void) => void }> = [];
  let order: Promise<void> = Promise.resolve();
  /** Publishes taken and not yet confirmed by the broker: waiting for the one before, or handed to it. */
  let outstanding = 0;
  let closed = false;

  const hand = (packet: AedesPublishPacket) => new Promise<void>((resolve, reject) => broker.publish(packet, (err) => (err ? reject(err) : resolve())));

  const put = (topic: string, body: string, retain: boolean): Promise<void> => {
    if (closed) return Promise.reject(new Error(`mqtt link closed; ${topic} not published`));
    const packet = {
      cmd: 'publish' as const,
      topic,
      payload: Buffer.from(body),
      qos: retain ? (1 as const) : (0 as const),
      retain,
      dup: false,
    } as AedesPublishPacket;
    // Nothing ahead of it: into the broker now, not a microtask later behind whatever else this
    // turn does (the Zigbee2MQTT API's copy of the same report). Otherwise after the one before.
    const handed = outstanding === 0 ? hand(packet) : order.then(() => hand(packet));
    outstanding += 1;
    const published = handed.finally(() => {
      outstanding -= 1;
    });
    order = published.catch(() => {});
    return published;
  };

  log.info('mqtt link to the embedded broker in process');
  return {
    publish: (topic, payload, { retain = false } = {}) => put(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), retain),
    clear: (topic) => put(topic, '', true),
    async subscribe(filters, handler) {
      for (const filter of filters) {
        const deliver = (packet: AedesPublishPacket, done: () => void) => {
          try {
            if (!closed) handler(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
          } catch (err) {
            log.error({ err, topic: packet.topic }, 'mqtt message handler failed');
          }
          done();
        };
        await new Promise<void>((resolve) => broker.subscribe(filter, deliver, resolve));
        subscriptions.push({ filter, deliver });
      }
    },
    // Connected from the start and never lost: the publisher's first publishAll is the only one.
    onConnect: () => {},
    async close() {
      await order;
      closed = true;
      for (const { filter, deliver } of subscriptions.splice(0)) await new Promise<void>((resolve) => broker.unsubscribe(filter, deliver, resolve));
    },
  };
}
