import { Readable } from 'node:stream';
import type { Aedes, Client } from 'aedes';
import memory, { type Packet } from 'aedes-persistence';

type Queued = Packet & { messageId?: number };

/** What the broker reports when it drops a session's oldest queued messages. */
export type OnQueueDrop = (clientId: string, dropped: number, limit: number) => void;

/**
 * Aedes' in-memory persistence with a bound on each persistent session's queue of QoS 1/2
 * messages while its client is offline: past `max` queued messages the oldest are dropped.
 *
 * The memory store keeps every message for an offline `clean: false` session until the client
 * comes back, so one subscriber to `#` that never returns grows the broker without limit. Memory
 * is bounded whichever end is dropped; dropping the oldest keeps what a returning client needs
 * (the newest state of each device, the latest events), where refusing new messages would hand it
 * hour-old states and lose the current ones. A connected client's queue (messages in flight,
 * awaiting PUBACK) is not trimmed: aedes expects those packets to stay until acknowledged, and its
 * size is bounded by what the client reads. The drop is reported once per offline period.
 *
 * Only the outgoing queue is implemented here (it is private in the memory store); everything else
 * is the memory store's.
 */
export function boundedSessionPersistence(max: number, onDrop: OnQueueDrop) {
  // Aedes calls setup() and reads `clients`; neither is in the published typings.
  const inner = memory() as ReturnType<typeof memory> & { setup(broker: Aedes): Promise<void> };
  const queues = new Map<string, Queued[]>();
  /** Clients whose drop was already reported in this offline period, with the running count. */
  const dropping = new Map<string, number>();
  let broker: (Aedes & { clients: Record<string, Client | undefined> }) | undefined;
  const online = (clientId: string) => broker?.clients[clientId] !== undefined;
  const queueOf = (clientId: string) => {
    let queue = queues.get(clientId);
    if (!queue) queues.set(clientId, (queue = []));
    return queue;
  };
  const enqueue = (clientId: string, packet: Packet) => {
    const queue = queueOf(clientId);
    // A copy per session: the packet id is assigned per client when it is sent.
    queue.push({ ...packet, messageId: undefined } as Queued);
    if (online(clientId)) return;
    const excess = queue.length - max;
    if (excess <= 0) return;
    queue.splice(0, excess);
    const before = dropping.get(clientId);
    dropping.set(clientId, (before ?? 0) + excess);
    if (before === undefined) onDrop(clientId, excess, max);
  };
  const overrides = {
    async setup(instance: Aedes) {
      broker = instance as typeof broker;
      instance.on('client', (client: Client) => dropping.delete(client.id));
      return inner.setup(instance);
    },
    async outgoingEnqueue(sub: { clientId: string }, packet: Packet) {
      enqueue(sub.clientId, packet);
    },
    async outgoingEnqueueCombi(subs: { clientId: string }[], packet: Packet) {
      for (const sub of subs) enqueue(sub.clientId, packet);
    },
    async outgoingUpdate(client: Client, packet: Queued) {
      const queue = queueOf(client.id);
      for (let i = 0; i < queue.length; i++) {
        const held = queue[i]!;
        if (held.brokerId === packet.brokerId) {
          if (held.brokerCounter === packet.brokerCounter) {
            held.messageId = packet.messageId;
            return;
          }
        } else if (held.messageId === packet.messageId) {
          queue[i] = packet;
          return;
        }
      }
      throw new Error('no such packet');
    },
    async outgoingClearMessageId(client: Client, packet: Queued) {
      const queue = queues.get(client.id);
      const index = queue?.findIndex((held) => held.messageId === packet.messageId) ?? -1;
      if (index < 0) return undefined;
      const [held] = queue!.splice(index, 1);
      if (queue!.length === 0) queues.delete(client.id);
      return held;
    },
    outgoingStream(client: Client) {
      return Readable.from([...(queues.get(client.id) ?? [])]);
    },
  };
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof typeof overrides];
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
