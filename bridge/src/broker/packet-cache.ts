import { createRequire } from 'node:module';

/**
 * aedes (and mqtt.js) write packets with mqtt-packet, which by default pre-builds one buffer for
 * each of the 65,536 two-byte numbers (packet ids, topic lengths) at its first write: 6.5 MiB of
 * heap kept for the life of the process. Allocating the two bytes on demand costs nothing
 * measurable at a gateway's packet rates. Must run before the first packet is written (a client
 * may connect long before the bridge's own link does). Resolved from aedes's own location, so it
 * is the copy aedes writes with.
 */
export function disablePacketNumberCache(): void {
  const fromAedes = createRequire(createRequire(import.meta.url).resolve('aedes'));
  const mqttPacket = fromAedes('mqtt-packet') as { writeToStream: { cacheNumbers: boolean } };
  mqttPacket.writeToStream.cacheNumbers = false;
}
