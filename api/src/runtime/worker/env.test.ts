import { describe, expect, it } from 'vitest';
import { EnvError } from '../env';
import { parseWorkerEnv, publicWebsocketPort, websocketPortFor } from './env';

describe('parseWorkerEnv', () => {
  it('should accept the api settings that workerd can honour', () => {
    const env = parseWorkerEnv({ MQTT_URL: 'wss://mqtt.example.com', MQTT_USER: 'api', RELEASES_URL: 'none' });
    expect(env).toMatchObject({ MQTT_URL: 'wss://mqtt.example.com', MQTT_USER: 'api', RELEASES_URL: 'none' });
  });

  it('should refuse MQTT_CA with the reason instead of ignoring it', () => {
    expect(() => parseWorkerEnv({ MQTT_URL: 'wss://mqtt.example.com', MQTT_CA: '/etc/herdgate/ca.pem' })).toThrow(
      new EnvError(
        'invalid configuration: MQTT_CA cannot be used on workerd: outgoing TLS trusts only publicly trusted certificates; give the broker a certificate from a public CA (or put a tunnel in front of it) and unset MQTT_CA',
      ),
    );
  });

  it('should refuse a TCP broker URL, which mqtt.js cannot dial on workerd', () => {
    expect(() => parseWorkerEnv({ MQTT_URL: 'mqtts://broker:8883' })).toThrow(/MQTT_URL must be ws:\/\/ or wss:\/\/ on workerd .*not mqtts:\/\//);
    expect(() => parseWorkerEnv({})).toThrow(/not mqtt:\/\//);
    expect(parseWorkerEnv({ MQTT_URL: 'none' }).MQTT_URL).toBe('none');
  });
});

describe('websocketport on workerd', () => {
  it('should be the port of the request, whatever WEBSOCKET_PORT says', () => {
    expect(publicWebsocketPort({ WEBSOCKET_PORT: '18088' })).toBeUndefined();
    expect(websocketPortFor(new URL('http://127.0.0.1:18080/api/k/config'), undefined)).toBe(18080);
    expect(websocketPortFor(new URL('https://herdgate.example.workers.dev/api/k/config'), undefined)).toBe(443);
    expect(websocketPortFor(new URL('http://gateway.lan/api/k/config'), undefined)).toBe(80);
  });

  it('should be PUBLIC_WEBSOCKET_PORT where a proxy in front serves another port', () => {
    const port = publicWebsocketPort({ PUBLIC_WEBSOCKET_PORT: '8443' });
    expect(port).toBe(8443);
    expect(websocketPortFor(new URL('http://127.0.0.1:18080/'), port)).toBe(8443);
  });

  it('should refuse a PUBLIC_WEBSOCKET_PORT that is no port', () => {
    for (const bad of ['0', '70000', 'x', '-1'])
      expect(() => publicWebsocketPort({ PUBLIC_WEBSOCKET_PORT: bad })).toThrow(/PUBLIC_WEBSOCKET_PORT must be a port number 1-65535/);
  });
});
