/**
 * The embedded MQTT broker (aedes): TCP and optional WebSocket listeners, username/password
 * authentication and a topic ACL derived from the MQTT contract in @herdgate/shared/mqtt.
 */
export { startBroker, type BrokerHandle } from './start-broker';
export { BRIDGE_CLIENT_ID_PREFIX, type BrokerOptions, type BrokerUser } from './options';
export { publishDenial } from './acl';
