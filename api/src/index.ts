/** Public entry of @herdgate/api: the app factory and the service contracts it is built from. */
export { createApp, type CreateAppOptions } from './app';
export type { AppEnv } from './context';
export type { Services, GatewayOptions } from './context';
export type { GatewaySession } from './resources/gateway/session';
export { systemClock, ManualClock, type Clock } from './services/clock';
export {
  createPlaceholderRadioInfo,
  createLinkedRadio,
  macFromIeee,
  RecordingRadioControl,
  type RadioOutcome,
  type LinkedRadio,
  type RadioControl,
  type RadioInfo,
  type RadioSnapshot,
  type RadioCommand,
} from './services/radio';
export type { BridgeLink, LinkEvent, CommandOutcome, DeviceCommand } from './services/bridge-link';
export {
  createBridgeLink,
  createDisconnectedLink,
  createMemoryTransport,
  type LinkTransport,
  type BridgeLinkOptions,
  type MemoryTransport,
} from './bridge-link';
export { LOOPBACK_HOST, type HostInfo } from './services/host-info';
export type { Store, GatewaySettings, ApiKeyRecord, Transaction, Database } from './store/types';
export { createLibsqlStore } from './store/libsql-store';
export * as schema from './store/schema';
export { sendJson, sendTagged, JSON_CONTENT_TYPE } from './lib/respond';
export { currentEtag } from './lib/etag';
export { parseBody, validateBody, readJsonObject } from './lib/validate';
