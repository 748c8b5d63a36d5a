/**
 * The api side of the bridge link, without platform code: the mirror of what bridges publish
 * (`mirror.ts`), transaction correlation (`pending.ts`) and the `BridgeLink` over any MQTT
 * transport (`create-bridge-link.ts`), and that link over mqtt.js (`mqtt-link.ts`), used by both runtimes.
 */
export { createBridgeLink, DEFAULT_LINK_TIMEOUT_MS, type BridgeLinkOptions, type LinkTransport } from './create-bridge-link';
export { connectMqttLink, createMqttTransport, type MqttLinkOptions, type MqttTransportOptions } from './mqtt-link';
export { createDisconnectedLink } from './disconnected-link';
export { LinkMirror, type MirrorOptions } from './mirror';
export { PendingCalls, type Settled } from './pending';
export { createMemoryTransport, type MemoryTransport } from './memory-transport';
export { createVolatileRadioMemory, loadRadioMemory, type RadioIdentity, type RadioMemory } from './radio-memory';
