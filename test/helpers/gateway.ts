import { createNodeGateway, type NodeGateway, type NodeGatewayOptions } from '@herdgate/api/node';

/**
 * The api in this process, started as its own entry starts it (createNodeGateway), on loopback
 * with ephemeral HTTP and WebSocket ports: the one gateway starter under every test folder.
 * api/test/helpers/gateway.ts adds the test clock and the recording radio; test/helpers/stack.ts
 * and the cross-process tests give it the real MQTT link (`MQTT_URL`).
 */
export function startLoopbackGateway(env: Record<string, string | undefined>, options: NodeGatewayOptions = {}): Promise<NodeGateway> {
  return createNodeGateway({ HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', ...env }, options);
}
