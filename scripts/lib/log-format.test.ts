import { describe, expect, it } from 'vitest';
import { readyBanner, readyFields } from './banner';
import { chooseLogFormat, jsonFormatter, prettyFormatter } from './log-format';

const PINO = '{"level":40,"time":1764114121123,"pid":7,"hostname":"h","name":"bridge","component":"zigbee","ieee":"0x0017880104a1c001","msg":"device left"}';

describe('log format', () => {
  it('should pick pretty on a terminal, JSON elsewhere, and obey LOG_FORMAT', () => {
    expect(chooseLogFormat({}, true)).toBe('pretty');
    expect(chooseLogFormat({}, false)).toBe('json');
    expect(chooseLogFormat({}, undefined)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => chooseLogFormat({ LOG_FORMAT: 'xml' }, true)).toThrow('LOG_FORMAT must be json or pretty, got "xml"');
  });

  it('should turn a pino line into time, process, level, message and its fields', () => {
    const plain = prettyFormatter(false);
    expect(plain.child('bridge', PINO)).toBe(
      `${new Date(1764114121123).toISOString().slice(11, 23)} bridge   WARN  device left  component=zigbee ieee=0x0017880104a1c001\n`,
    );
    expect(plain.child('api', 'not json at all')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} api {12}not json at all\n$/);
    const err = JSON.stringify({ level: 50, time: 0, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(plain.child('api', err)).toBe('00:00:00.000 api      ERROR failed  err="boom"\nError: boom\n    at x\n');
    expect(prettyFormatter(true).child('bridge', PINO)).toContain('\x1b[33mWARN \x1b[0m');
  });

  it('should name the half a line of the one-process gateway says it came from', () => {
    const tagged = JSON.stringify({ ...JSON.parse(PINO), process: 'bridge' });
    expect(prettyFormatter(false).child('gateway', tagged)).toBe(
      `${new Date(1764114121123).toISOString().slice(11, 23)} bridge   WARN  device left  component=zigbee ieee=0x0017880104a1c001\n`,
    );
    expect(JSON.parse(jsonFormatter().child('gateway', tagged))).toMatchObject({ process: 'bridge', msg: 'device left' });
  });

  it('should keep JSON lines JSON, naming the process, and wrap text lines', () => {
    const json = jsonFormatter();
    expect(JSON.parse(json.child('bridge', PINO))).toEqual({ ...JSON.parse(PINO), process: 'bridge' });
    expect(JSON.parse(json.child('api', 'Error: plain text'))).toMatchObject({ level: 30, process: 'api', msg: 'Error: plain text' });
    expect(JSON.parse(json.own('herdgate is ready', { web: 'http://localhost:8080/' }))).toMatchObject({
      process: 'herdgate',
      msg: 'herdgate is ready',
      web: 'http://localhost:8080/',
    });
  });
});

describe('ready banner', () => {
  const addresses = {
    httpHost: '0.0.0.0',
    httpPort: 8080,
    websocketPort: 8088,
    mqtt: ['mqtt://127.0.0.1:1883'],
    radioControl: 'http://127.0.0.1:6639',
    lanAddress: '192.168.1.20',
    gatewayUser: 'delight',
    defaultPassword: true,
  };

  it('should show localhost for every interface, the LAN address, and the default-password key command', () => {
    expect(readyFields(addresses)).toEqual({
      web: 'http://localhost:8080/',
      rest: 'http://localhost:8080/api',
      websocket: 'ws://localhost:8088',
      mqtt: ['mqtt://127.0.0.1:1883'],
      radioControl: 'http://127.0.0.1:6639',
      lan: 'http://192.168.1.20:8080/',
    });
    const banner = readyBanner(addresses, false);
    expect(banner).toContain('  Web app    http://localhost:8080/   (other devices: http://192.168.1.20:8080/)');
    expect(banner).toContain(`curl -s -u delight:delight -X POST -d '{"devicetype":"me"}' http://localhost:8080/api`);
    expect(banner).toContain('works from this machine only');
  });

  it('should never print a password that is not the default', () => {
    const banner = readyBanner({ ...addresses, httpHost: '127.0.0.1', defaultPassword: false, gatewayUser: 'admin' }, false);
    expect(banner).toContain('curl -s -u admin:<password> -X POST');
    expect(banner).not.toContain('delight');
    expect(banner).not.toContain('other devices');
  });
});
