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

// The device fixtures moved to helpers/devices.ts (both runtimes use them); kept here for the Node-only files.
export { colorLamp, cover, LAMP_STATE } from '../helpers/devices';
