import type { BridgeLink } from '../services/bridge-link';

const NOT_CONNECTED = { status: 'error', code: 'not_connected', message: 'no bridge is linked' } as const;

/**
 * A link to no bridge at all: reports disconnected, mirrors nothing and answers every command
 * with `not_connected`. For API tests and gateways deliberately run without a broker.
 */
export function createDisconnectedLink(): BridgeLink {
  return {
    connected: () => false,
    info: () => undefined,
    devices: () => new Map(),
    removedDevices: () => [],
    endpointState: () => undefined,
    deviceOta: () => undefined,
    subscribe: () => () => {},
    setDevice: async () => NOT_CONNECTED,
    setGroup: async () => NOT_CONNECTED,
    request: async () => NOT_CONNECTED,
    answerGateway: async () => {},
    publishGroups: async () => {},
    matter: () => undefined,
    matterRequest: async () => NOT_CONNECTED,
    publishMatterNames: async () => {},
    close: async () => {},
  };
}
