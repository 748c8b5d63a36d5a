import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, EXAMPLE_IEEE, examples } from '@herdgate/shared/mqtt';
import { LinkMirror } from './mirror';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const OTHER = '00212EFFFF0ABCDE';
const t = (bridge: string, leaf: string) => `herdgate/bridge/${bridge}/${leaf}`;

function mirror(preferredBridge?: string) {
  const lines: { msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, mirror: new LinkMirror({ base: 'herdgate', preferredBridge, logger }) };
}

describe('link mirror', () => {
  it('should follow the first online bridge, say so in a log line and report its info', () => {
    const { mirror: m, lines } = mirror();
    expect(m.handle(t(EXAMPLE_BRIDGE, 'info'), bytes(examples.bridgeInfo)).events).toEqual([]);
    const { events } = m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    expect(events).toEqual([{ kind: 'bridge-online', bridge: EXAMPLE_BRIDGE, info: examples.bridgeInfo }]);
    expect(m.selected()).toBe(EXAMPLE_BRIDGE);
    expect(m.online()).toBe(true);
    expect(m.info()?.network.channel).toBe(15);
    expect(lines.some((line) => line.msg === 'following bridge')).toBe(true);
    // A second bridge does not take over while the first is online.
    m.handle(t(OTHER, 'state'), bytes({ state: 'online' }));
    expect(m.selected()).toBe(EXAMPLE_BRIDGE);
  });

  it('should follow only the bridge named by BRIDGE_ID', () => {
    const { mirror: m } = mirror(OTHER);
    m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    expect(m.selected()).toBeUndefined();
    expect(m.online()).toBe(false);
    m.handle(t(OTHER, 'state'), bytes({ state: 'online' }));
    expect(m.selected()).toBe(OTHER);
  });

  it('should switch to another online bridge when the followed one is offline', () => {
    const { mirror: m } = mirror();
    m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    expect(m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'offline' })).events).toEqual([{ kind: 'bridge-offline', bridge: EXAMPLE_BRIDGE }]);
    expect(m.handle(t(OTHER, 'state'), bytes({ state: 'online' })).events).toEqual([{ kind: 'bridge-online', bridge: OTHER, info: undefined }]);
    expect(m.selected()).toBe(OTHER);
  });

  it('should mirror devices and endpoint states, and drop them when the bridge clears the topic', () => {
    const { mirror: m } = mirror();
    const device = m.handle(`herdgate/devices/${EXAMPLE_IEEE}`, bytes(examples.device)).events;
    expect(device).toEqual([{ kind: 'device', device: examples.device }]);
    const state = { state: { on: true, bri: 200, lastupdated: '2026-10-01T08:12:03.120' }, config: {} };
    expect(m.handle(`herdgate/devices/${EXAMPLE_IEEE}/11/state`, bytes(state)).events).toEqual([{ kind: 'state', ieee: EXAMPLE_IEEE, endpoint: 11, state }]);
    expect(m.endpointState(EXAMPLE_IEEE, 11)).toEqual(state);
    expect(m.handle(`herdgate/devices/${EXAMPLE_IEEE}`, new Uint8Array()).events).toEqual([{ kind: 'device-removed', ieee: EXAMPLE_IEEE }]);
    expect(m.devices.size).toBe(0);
    expect(m.endpointState(EXAMPLE_IEEE, 11)).toBeUndefined();
  });

  it('should log and ignore invalid payloads without changing what it holds', () => {
    const { mirror: m, lines } = mirror();
    m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    m.handle(t(EXAMPLE_BRIDGE, 'info'), bytes(examples.bridgeInfo));
    m.handle(`herdgate/devices/${EXAMPLE_IEEE}`, bytes(examples.device));
    const bad: [string, string | object][] = [
      [t(EXAMPLE_BRIDGE, 'state'), 'not json'],
      [t(EXAMPLE_BRIDGE, 'state'), { state: 'sleeping' }],
      [t(EXAMPLE_BRIDGE, 'info'), { ...examples.bridgeInfo, network: { channel: 99 } }],
      [t(EXAMPLE_BRIDGE, 'event'), [1, 2]],
      [`herdgate/devices/${EXAMPLE_IEEE}`, { ...examples.device, subdevices: 'none' }],
      [`herdgate/devices/${EXAMPLE_IEEE}`, { ...examples.device, ieee: '0x00124b0000000001' }],
      [`herdgate/devices/${EXAMPLE_IEEE}/11/state`, { state: { on: 'yes' } }],
      [`herdgate/devices/${EXAMPLE_IEEE}/11/event`, '\u0000\u00ff'],
    ];
    for (const [topic, payload] of bad) expect(m.handle(topic, bytes(payload)).events).toEqual([]);
    expect(m.online()).toBe(true);
    expect(m.info()).toEqual(examples.bridgeInfo);
    expect(m.devices.get(EXAMPLE_IEEE)).toEqual(examples.device);
    expect(m.endpointState(EXAMPLE_IEEE, 11)).toBeUndefined();
    expect(lines.filter((line) => line.msg.startsWith('ignored'))).toHaveLength(bad.length);
  });

  it('should ignore commands of other clients and topics outside the contract', () => {
    const { mirror: m } = mirror();
    m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    for (const topic of [
      `herdgate/devices/${EXAMPLE_IEEE}/11/set`,
      t(EXAMPLE_BRIDGE, 'request/permit_join'),
      t(EXAMPLE_BRIDGE, 'groups/5/set'),
      'herdgate/other',
      'zigbee2mqtt/bridge/state',
    ]) {
      expect(m.handle(topic, bytes({ on: true }))).toEqual({ events: [] });
    }
  });

  it('should hand on replies of the followed bridge only', () => {
    const { mirror: m } = mirror();
    m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    expect(m.handle(t(EXAMPLE_BRIDGE, 'response/permit_join'), bytes({})).reply?.topic).toEqual({
      kind: 'bridge/response',
      bridge: EXAMPLE_BRIDGE,
      name: 'permit_join',
    });
    expect(m.handle(t(OTHER, 'response/permit_join'), bytes({})).reply).toBeUndefined();
    expect(m.handle(`herdgate/devices/${EXAMPLE_IEEE}/11/set/result`, bytes({})).reply?.topic.kind).toBe('device/set/result');
  });

  it('should report the followed bridge offline when the broker connection drops', () => {
    const { mirror: m } = mirror();
    m.handle(t(EXAMPLE_BRIDGE, 'state'), bytes({ state: 'online' }));
    expect(m.disconnected()).toEqual([{ kind: 'bridge-offline', bridge: EXAMPLE_BRIDGE }]);
    expect(m.online()).toBe(false);
    expect(m.disconnected()).toEqual([]);
  });
});
