import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvError, envSchema, parseEnv } from './env';

describe('parseEnv', () => {
  it('should fill every default', () => {
    expect(parseEnv({})).toEqual({
      HTTP_HOST: '0.0.0.0',
      HTTP_PORT: 8080,
      WEBSOCKET_PORT: 8088,
      DATABASE_URL: 'file:./data/herdgate.db',
      DATABASE_AUTH_TOKEN: undefined,
      GATEWAY_USER: 'delight',
      GATEWAY_PASSWORD: 'delight',
      GATEWAY_NAME: 'herdgate',
      LOG_LEVEL: 'info',
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_USER: undefined,
      MQTT_PASSWORD: undefined,
      MQTT_BASE_TOPIC: 'herdgate',
      RELEASES_URL: 'https://registry.npmjs.org/-/package/herdgate/dist-tags',
      BACKUP_INTERVAL_HOURS: 24,
      BACKUP_KEEP: 7,
      BRIDGE_ID: undefined,
      CORS_ORIGINS: undefined,
      WEBSOCKET_AUTH: 'off',
      WEBSOCKET_MAX_CLIENTS: 100,
      WEBHOOK_ALLOW_LOCAL: '0',
      HERDGATE_RESTARTED_BY_SUPERVISOR: '0',
    });
  });

  it('should take given values and treat empty ones as unset', () => {
    const env = parseEnv({ HTTP_PORT: '0', WEBSOCKET_PORT: '', DATABASE_URL: 'libsql://db.example.turso.io', DATABASE_AUTH_TOKEN: 'tok', LOG_LEVEL: 'debug' });
    expect(env.HTTP_PORT).toBe(0);
    expect(env.WEBSOCKET_PORT).toBe(8088);
    expect(env.DATABASE_URL).toBe('libsql://db.example.turso.io');
    expect(env.DATABASE_AUTH_TOKEN).toBe('tok');
  });

  it('should take MQTT_URL=none as running without a bridge', () => {
    expect(parseEnv({ MQTT_URL: 'none' }).MQTT_URL).toBe('none');
    expect(() => parseEnv({ MQTT_URL: 'nowhere' })).toThrow(/MQTT_URL must be mqtt:\/\/host:port .*or none/);
  });

  it.each([
    ['HTTP_PORT', 'eighty', /HTTP_PORT must be a port number 0-65535 \(got "eighty"\)/],
    ['HTTP_PORT', '70000', /HTTP_PORT must be a port number/],
    ['WEBSOCKET_PORT', '-1', /WEBSOCKET_PORT must be a port number/],
    ['DATABASE_URL', 'postgres://x', /DATABASE_URL must be file:<path>/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['MQTT_URL', 'http://broker', /MQTT_URL must be mqtt:\/\/host:port/],
    ['GATEWAY_NAME', 'a-name-that-is-far-too-long', /GATEWAY_NAME must be 1-16 characters/],
    ['MQTT_BASE_TOPIC', 'home/#', /MQTT_BASE_TOPIC must not contain # or \+/],
    ['BRIDGE_ID', '0x00212eff', /BRIDGE_ID must be 16 hex digits/],
    ['CORS_ORIGINS', 'evil.example', /CORS_ORIGINS must be a comma-separated list of origins/],
    ['WEBSOCKET_AUTH', 'maybe', /WEBSOCKET_AUTH must be off or key/],
    ['WEBSOCKET_MAX_CLIENTS', '0', /WEBSOCKET_MAX_CLIENTS must be a number 1-10000/],
  ])('should name %s and the expected form for %j', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });
});

describe('node entry', () => {
  it('should exit with code 1 and one readable line on a bad variable', async () => {
    const entry = fileURLToPath(new URL('./node/main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const child = spawn(tsx, [entry], { env: { ...process.env, HTTP_PORT: 'http', HTTP_HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual(['herdgate api: invalid configuration: HTTP_PORT must be a port number 0-65535 (got "http")']);
  });
});

describe('api README configuration table', () => {
  // Rows look like | `NAME` | `default` or unset | meaning |; one row may name two variables.
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const rows = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    for (const name of cells[1].matchAll(/`([A-Z_]+)`/g)) rows.set(name[1]!, cells[2]!);
  }
  const defaults = parseEnv({}) as Record<string, unknown>;

  it.each(Object.keys(envSchema.entries))('should list %s with its default', (name) => {
    expect(rows.has(name), `${name} is missing from api/README.md`).toBe(true);
    const value = defaults[name];
    expect(rows.get(name)).toBe(value === undefined ? 'unset' : `\`${String(value)}\``);
  });
});
