import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeZ2mConfig } from './config';

describe('Zigbee2MQTT bench configuration', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('should point Zigbee2MQTT at the loopback radio and broker with the extras off', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'herdgate-z2m-config-')), 'data');
    dirs.push(dir);
    writeZ2mConfig({ dataDir: dir, radioPort: 41234, mqttPort: 1884, baseTopic: 'zigbee2mqtt', channel: 15 });
    const yaml = readFileSync(join(dir, 'configuration.yaml'), 'utf8');
    expect(yaml).toContain('serial:\n  port: tcp://127.0.0.1:41234\n  adapter: deconz\n');
    expect(yaml).toContain('  server: mqtt://127.0.0.1:1884\n');
    expect(yaml).toContain('frontend:\n  enabled: false\n');
    expect(yaml).toContain('homeassistant:\n  enabled: false\n');
    expect(yaml).toContain('onboarding: false\n');
    expect(yaml).toContain('  log_level: warning\n');
    expect(yaml).toContain('  channel: 15\n');
    expect(yaml).not.toMatch(/0\.0\.0\.0|localhost/);
  });
});
