import type { DeviceDescription, EndpointState } from '@herdgate/shared/mqtt';
import type { BridgeLink, CommandOutcome, DeviceCommand, LinkEvent } from '../../src/services/bridge-link';

type Outcome = { status: 'ok'; data: unknown } | { status: 'error'; code: string; message: string };

/**
 * A scripted BridgeLink for API tests: a device mirror the test fills, commands recorded, and
 * outcomes the test chooses. Only for what the real stack cannot produce on demand (a full queue,
 * a network that is down mid-request); the cross-process tests in test/ use the real bridge.
 */
export class FakeLink implements BridgeLink {
  readonly sets: { ieee: string; endpoint: number; command: DeviceCommand }[] = [];
  readonly groupSets: { group: number; command: DeviceCommand }[] = [];
  readonly requests: { name: string; data: unknown }[] = [];
  /** Outcomes for the next commands, in order; default: acknowledged, state applied. */
  readonly script: CommandOutcome[] = [];
  readonly requestScript: Outcome[] = [];
  online = true;
  private readonly mirror = new Map<string, DeviceDescription>();
  private readonly states = new Map<string, EndpointState>();
  private readonly listeners = new Set<(event: LinkEvent) => void>();

  connected() { return this.online; }
  info() { return undefined; }
  devices() { return this.mirror; }
  endpointState(ieee: string, endpoint: number) { return this.states.get(`${ieee}/${endpoint}`); }
  subscribe(listener: (event: LinkEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: LinkEvent): void {
    if (event.kind === 'device') this.mirror.set(event.device.ieee, event.device);
    if (event.kind === 'state') this.states.set(`${event.ieee}/${event.endpoint}`, event.state);
    for (const listener of this.listeners) listener(event);
  }

  addDevice(device: DeviceDescription, endpoint: number, state: EndpointState['state']): void {
    this.states.set(`${device.ieee}/${endpoint}`, { state, config: {} });
    this.emit({ kind: 'device', device });
  }

  setState(ieee: string, endpoint: number, patch: Record<string, unknown>): void {
    const current = this.states.get(`${ieee}/${endpoint}`) ?? { state: { lastupdated: 'none' }, config: {} };
    this.emit({ kind: 'state', ieee, endpoint, state: { ...current, state: { ...current.state, ...patch } as EndpointState['state'] } });
  }

  async setDevice(ieee: string, endpoint: number, command: DeviceCommand): Promise<CommandOutcome> {
    this.sets.push({ ieee, endpoint, command });
    const scripted = this.script.shift();
    if (scripted) return scripted;
    // Like the bridge: the predicted state is published before the result.
    const applied: Record<string, unknown> = {};
    for (const key of ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'lift', 'tilt']) if (key in command) applied[key] = command[key];
    if (Object.keys(applied).length > 0) this.setState(ieee, endpoint, applied);
    return { status: 'ok', data: { acknowledged: true, sent: Object.keys(command) } };
  }

  async setGroup(group: number, command: DeviceCommand): Promise<CommandOutcome> {
    this.groupSets.push({ group, command });
    return this.script.shift() ?? { status: 'ok', data: { acknowledged: true, sent: Object.keys(command) } };
  }

  async request(name: string, data: unknown): Promise<never> {
    this.requests.push({ name, data });
    const scripted = this.requestScript.shift();
    return (scripted ?? { status: 'ok', data }) as never;
  }

  async close() {}
}

/** A colour lamp description like the bridge publishes for an LCT015. */
export function colorLamp(ieee = '0x0017880102a3b4c5', name = 'Hue color lamp 1'): DeviceDescription {
  const mac = ieee.slice(2).match(/../g)!.join(':');
  return {
    ieee, uniqueid: mac, name, manufacturername: 'Signify Netherlands B.V.', modelid: 'LCT015', productid: '9290012573A',
    swversion: '1.88.1', powersource: 'mains', lastannounced: '2026-01-15T11:00:00Z', lastseen: '2026-01-15T11:59Z',
    interview: 'successful', supported: true, availability: 'online',
    subdevices: [{
      type: 'Extended color light', resource: 'lights', uniqueid: `${mac}-0b`, endpoint: 11,
      state: ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'alert', 'effect', 'reachable'], config: [],
    }],
  };
}

export const LAMP_STATE = { on: false, bri: 100, ct: 300, xy: [0.3, 0.3], hue: 0, sat: 0, colormode: 'ct', reachable: true, lastupdated: '2026-01-15T11:59:00.000' };

/** A window covering description (IKEA FYRTUR-like). */
export function cover(ieee = '0x0001000000000c01'): DeviceDescription {
  const mac = ieee.slice(2).match(/../g)!.join(':');
  return {
    ...colorLamp(ieee, 'Blind'), modelid: 'FYRTUR block-out roller blind', powersource: 'battery',
    subdevices: [{ type: 'Window covering device', resource: 'lights', uniqueid: `${mac}-01`, endpoint: 1, state: ['lift', 'open', 'tilt', 'on', 'bri', 'reachable'], config: [] }],
  };
}
