import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('config', () => {
  it('should default to the virtual radio, the embedded broker and channel 15', () => {
    const result = loadConfig({}, 'demo.json');
    expect(result).toMatchObject({
      ok: true,
      config: {
        zigbee: { adapter: undefined, channel: 15, virtualRadioNetwork: 'demo.json' },
        dataDir: './data',
        mqtt: { url: undefined, host: '127.0.0.1', port: 1883, baseTopic: 'herdgate' },
        permitJoinOnStart: 120,
        gcAfterStart: true,
      },
    });
    expect(loadConfig({ GC_AFTER_START: '0' }, 'demo.json')).toMatchObject({ ok: true, config: { gcAfterStart: false } });
  });

  it('should read a real adapter with its path', () => {
    const result = loadConfig({ ZIGBEE_ADAPTER: 'zstack', ZIGBEE_PATH: '/dev/ttyUSB0', ZIGBEE_CHANNEL: '20', MQTT_URL: 'mqtt://127.0.0.1:1884' }, 'demo.json');
    expect(result).toMatchObject({
      ok: true,
      config: { zigbee: { adapter: 'zstack', path: '/dev/ttyUSB0', channel: 20 }, mqtt: { url: 'mqtt://127.0.0.1:1884' }, permitJoinOnStart: 0 },
    });
  });

  it('should pick the emulated EmberZNet NCP with RADIO_PROTOCOL=ember, and refuse an unknown front', () => {
    expect(loadConfig({ RADIO_PROTOCOL: 'ember' }, 'demo.json')).toMatchObject({
      ok: true,
      config: { zigbee: { adapter: undefined, radioProtocol: 'ember' } },
    });
    const bad = loadConfig({ RADIO_PROTOCOL: 'ezsp' }, 'demo.json');
    expect(bad.ok ? [] : bad.errors).toContain('RADIO_PROTOCOL must be deconz, zstack or ember');
  });

  it('should name every bad variable in its error messages', () => {
    const result = loadConfig({ ZIGBEE_ADAPTER: 'conbee', ZIGBEE_CHANNEL: '30', MQTT_PORT: 'abc' }, 'demo.json');
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors.some((e) => e.startsWith('ZIGBEE_ADAPTER must be one of'))).toBe(true);
    expect(errors).toContain('ZIGBEE_CHANNEL must be at most 26');
    expect(errors).toContain('MQTT_PORT must be a whole number');
  });

  it('should switch the deCONZ fast path on by default and off with DECONZ_FAST_PATH=0', () => {
    const fastPath = (env: Record<string, string>) => {
      const result = loadConfig(env, 'demo.json');
      return result.ok ? result.config.zigbee.deconzFastPath : result.errors;
    };
    expect(fastPath({})).toBe(true);
    expect(fastPath({ DECONZ_FAST_PATH: '1' })).toBe(true);
    expect(fastPath({ DECONZ_FAST_PATH: '0' })).toBe(false);
    expect(fastPath({ DECONZ_FAST_PATH: 'off' })).toEqual(['DECONZ_FAST_PATH must be 0 (off) or 1 (on)']);
  });

  it('should require a path with an adapter', () => {
    expect(loadConfig({ ZIGBEE_ADAPTER: 'deconz' }, 'demo.json')).toEqual({
      ok: false,
      errors: ['ZIGBEE_PATH is required when ZIGBEE_ADAPTER is set (a serial path or tcp://host:port)'],
    });
  });

  it('should keep anonymous MQTT off, take the accounts with their roles, and require cert and key for TLS', () => {
    const plain = loadConfig(
      { MQTT_USER: 'api', MQTT_PASSWORD: 'a', MQTT_ADMIN_USER: 'root', MQTT_ADMIN_PASSWORD: 'r', MQTT_CLIENT_USER: 'nr', MQTT_CLIENT_PASSWORD: 'n' },
      'demo.json',
    );
    expect(plain).toMatchObject({
      ok: true,
      config: {
        mqtt: {
          allowAnonymous: false,
          user: 'api',
          accounts: [
            { username: 'root', role: 'admin' },
            { username: 'nr', role: 'user' },
          ],
          limits: { maxPacketBytes: 1048576, maxConnections: 100, maxSessionQueue: 1000 },
        },
        commands: { limits: { waiting: 256, groupWaiting: 32 }, clockToleranceMs: 5000 },
      },
    });
    expect(loadConfig({ MQTT_ALLOW_ANONYMOUS: '1' }, 'demo.json')).toMatchObject({ ok: true, config: { mqtt: { allowAnonymous: true } } });
    expect(loadConfig({ MQTT_MAX_SESSION_QUEUE: '50' }, 'demo.json')).toMatchObject({ ok: true, config: { mqtt: { limits: { maxSessionQueue: 50 } } } });
    expect(loadConfig({ MQTT_MAX_SESSION_QUEUE: '0' }, 'demo.json')).toMatchObject({ ok: false });
    expect(loadConfig({ MQTT_TLS_PORT: '8883' }, 'demo.json')).toEqual({ ok: false, errors: [expect.stringContaining('MQTT_TLS_CERT and MQTT_TLS_KEY')] });
    expect(loadConfig({ MQTT_ADMIN_USER: 'root' }, 'demo.json')).toEqual({
      ok: false,
      errors: ['MQTT_ADMIN_USER and MQTT_ADMIN_PASSWORD must be set together'],
    });
    expect(loadConfig({ MQTT_TLS_PORT: '8883', MQTT_TLS_CERT: 'c.pem', MQTT_TLS_KEY: 'k.pem' }, 'demo.json')).toMatchObject({
      ok: true,
      config: { mqtt: { tls: { port: 8883, cert: 'c.pem', key: 'k.pem' } } },
    });
  });
});
