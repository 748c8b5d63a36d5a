import { EnvError, parseEnv, type GatewayEnv } from '../env';

/**
 * The api's settings as Worker vars: the same schema as on Node, plus what workerd cannot do.
 * A setting the platform would silently ignore is refused at start instead, so the operator reads
 * why in the answer and the log rather than chasing a bridge link that never comes up.
 */
export function parseWorkerEnv(vars: Record<string, string | undefined>): GatewayEnv {
  const env = parseEnv(vars);
  if (env.MQTT_CA !== undefined) {
    // workerd's fetch/WebSocket verify TLS against the public roots only; there is no way to add a CA.
    throw new EnvError(
      'invalid configuration: MQTT_CA cannot be used on workerd: outgoing TLS trusts only publicly trusted certificates; give the broker a certificate from a public CA (or put a tunnel in front of it) and unset MQTT_CA',
    );
  }
  if (/^mqtts?:/.test(env.MQTT_URL)) {
    // mqtt.js's browser build (what workerd runs) has no TCP transport and would time out silently.
    throw new EnvError(
      `invalid configuration: MQTT_URL must be ws:// or wss:// on workerd (the broker's WebSocket listener), not ${env.MQTT_URL.split(':')[0]}://`,
    );
  }
  return env;
}

/**
 * `websocketport` on workerd: the Worker serves WebSockets only on the port requests reach it on, so
 * that is what clients are told, unless `PUBLIC_WEBSOCKET_PORT` names the port a proxy in front
 * serves it on. Node's `WEBSOCKET_PORT` (a listener of its own) never applies here.
 */
export function publicWebsocketPort(vars: Record<string, string | undefined>): number | undefined {
  const raw = vars.PUBLIC_WEBSOCKET_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new EnvError('invalid configuration: PUBLIC_WEBSOCKET_PORT must be a port number 1-65535');
  return port;
}

/** The port to report for a request that came in on `url`. */
export function websocketPortFor(url: URL, publicPort: number | undefined): number {
  if (publicPort !== undefined) return publicPort;
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}
