import { describe, expect, it } from 'vitest';
import { EnvError } from './env';
import { parseWorkerEnv } from './worker-env';

describe('parseWorkerEnv', () => {
  it('should accept the api settings that workerd can honour', () => {
    const env = parseWorkerEnv({ MQTT_URL: 'wss://mqtt.example.com', MQTT_USER: 'api', RELEASES_URL: 'none' });
    expect(env).toMatchObject({ MQTT_URL: 'wss://mqtt.example.com', MQTT_USER: 'api', RELEASES_URL: 'none' });
  });

  it('should refuse MQTT_CA with the reason instead of ignoring it', () => {
    expect(() => parseWorkerEnv({ MQTT_URL: 'wss://mqtt.example.com', MQTT_CA: '/etc/herdgate/ca.pem' }))
      .toThrow(new EnvError('invalid configuration: MQTT_CA cannot be used on workerd: outgoing TLS trusts only publicly trusted certificates; give the broker a certificate from a public CA (or put a tunnel in front of it) and unset MQTT_CA'));
  });

  it('should refuse a TCP broker URL, which mqtt.js cannot dial on workerd', () => {
    expect(() => parseWorkerEnv({ MQTT_URL: 'mqtts://broker:8883' })).toThrow(/MQTT_URL must be ws:\/\/ or wss:\/\/ on workerd .*not mqtts:\/\//);
    expect(() => parseWorkerEnv({})).toThrow(/not mqtt:\/\//);
    expect(parseWorkerEnv({ MQTT_URL: 'none' }).MQTT_URL).toBe('none');
  });
});
