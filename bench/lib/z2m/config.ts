/**
 * Zigbee2MQTT's configuration.yaml for the bench: the virtual radio (deCONZ, Z-Stack or EmberZNet adapter) over TCP,
 * the suite's bare broker, no frontend, no Home Assistant discovery, no onboarding, logs at warning.
 * Availability is on because herdgate always tracks it, so both do the same work at start.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RadioProtocol } from '@herdgate/virtual-radio';

export interface Z2mConfigOptions {
  dataDir: string;
  radioPort: number;
  mqttPort: number;
  baseTopic: string;
  /** Same channel as herdgate's default, so both form the same kind of network on the radio. */
  channel: number;
  /** herdsman adapter: the radio's protocol (default deconz). */
  adapter?: RadioProtocol;
}

export function writeZ2mConfig(options: Z2mConfigOptions): void {
  mkdirSync(options.dataDir, { recursive: true });
  const yaml = [
    'version: 5',
    'homeassistant:',
    '  enabled: false',
    'frontend:',
    '  enabled: false',
    'availability:',
    '  enabled: true',
    'mqtt:',
    `  base_topic: ${options.baseTopic}`,
    `  server: mqtt://127.0.0.1:${options.mqttPort}`,
    'serial:',
    `  port: tcp://127.0.0.1:${options.radioPort}`,
    `  adapter: ${options.adapter ?? 'deconz'}`,
    'advanced:',
    '  log_level: warning',
    '  log_output:',
    '    - console',
    `  channel: ${options.channel}`,
    '  network_key: GENERATE',
    '  pan_id: GENERATE',
    '  ext_pan_id: GENERATE',
    'onboarding: false',
    '',
  ].join('\n');
  writeFileSync(join(options.dataDir, 'configuration.yaml'), yaml);
}
