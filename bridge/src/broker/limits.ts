import type { PublishPacket } from 'aedes';
import type { Duplex } from 'node:stream';

/**
 * Resource limits of the embedded broker, so one client (or a flood of them) cannot take memory
 * from the gateway: packet size, connections, persistent sessions and the messages queued for each
 * while it is offline, and retained messages of clients other than the bridge (whose retained
 * topics are bounded by the number of devices).
 */
export interface BrokerLimits {
  /** Largest MQTT packet a client may send, in bytes (the whole packet after the fixed header). */
  maxPacketBytes: number;
  /** Connected clients other than the bridge. */
  maxConnections: number;
  /** Clients other than the bridge with a persistent session (clean = false). */
  maxSessions: number;
  /** Retained topics created by clients other than the bridge (outside the base topic). */
  maxRetained: number;
  /** QoS 1/2 messages kept for one offline persistent session; the oldest are dropped beyond. */
  maxSessionQueue: number;
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxPacketBytes: 1024 * 1024,
  maxConnections: 100,
  maxSessions: 20,
  maxRetained: 1000,
  maxSessionQueue: 1000,
};

/**
 * Checks what a connection sends, packet by packet (MQTT fixed header: one type byte, then the
 * remaining length in 1-4 bytes of 7 bits), and destroys it as soon as a packet announces more than
 * `max` bytes, before the broker's parser sees that chunk: the parser would otherwise buffer the
 * packet whole, whatever its size. Wraps the stream's read(), which is how aedes pulls data.
 */
export function guardPacketSize(stream: Duplex, max: number, onViolation: (declared: number) => void): void {
  let phase: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;
  /** false when the chunk holds a packet announcing more than `max` bytes (or a malformed length). */
  const acceptable = (chunk: Buffer): boolean => {
    let i = 0;
    while (i < chunk.length) {
      if (phase === 'type') {
        i += 1;
        phase = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
      } else if (phase === 'length') {
        const byte = chunk[i++];
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes += 1;
        if (length > max || (byte & 0x80 && lengthBytes === 4)) return false;
        if ((byte & 0x80) === 0) {
          remaining = length;
          phase = remaining > 0 ? 'body' : 'type';
        }
      } else {
        const take = Math.min(remaining, chunk.length - i);
        i += take;
        remaining -= take;
        if (remaining === 0) phase = 'type';
      }
    }
    return true;
  };
  const read = stream.read.bind(stream);
  stream.read = (size?: number) => {
    const chunk = read(size) as Buffer | string | null;
    if (chunk === null || stream.destroyed) return chunk;
    if (acceptable(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) return chunk;
    onViolation(length);
    stream.destroy();
    return null;
  };
}

/** Retained messages of clients other than the bridge: at most `max` distinct topics. */
export interface RetainedBudget {
  /** Why the publish is refused, or undefined (and the topic counted) when it may be retained. */
  admit(packet: PublishPacket): string | undefined;
}

export function createRetainedBudget(max: number): RetainedBudget {
  const topics = new Set<string>();
  return {
    admit(packet) {
      if (!packet.retain) return undefined;
      if (packet.payload.length === 0) {
        topics.delete(packet.topic);
        return undefined;
      }
      if (topics.has(packet.topic)) return undefined;
      if (topics.size >= max) return `retained message limit (${max} topics) reached`;
      topics.add(packet.topic);
      return undefined;
    },
  };
}
