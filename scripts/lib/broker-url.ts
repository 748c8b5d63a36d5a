/** Where a client on this box reaches the bridge's embedded broker: its listening host, or loopback when it listens on every address. */
export function localBrokerHost(env: NodeJS.ProcessEnv): string {
  return env.MQTT_HOST && env.MQTT_HOST !== '0.0.0.0' ? env.MQTT_HOST : '127.0.0.1';
}

export const localBrokerUrl = (env: NodeJS.ProcessEnv, port: string): string => `mqtt://${localBrokerHost(env)}:${port}`;

/** The port of a broker URL the bridge reported (`mqtt://127.0.0.1:1883`). */
export const portOf = (url: string): string | undefined => /:(\d+)$/.exec(url)?.[1];
