import type { Logger } from 'pino';
import type { Endpoint } from '@matter/main';
import type { BridgeLink } from '@herdgate/api';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { createBridgedEndpoint } from './endpoints';
import { specsFor, type BridgedSpec } from './kinds';
import { SYSTEM_MODE, toMatter } from './to-matter';

/** The part of the api's bridge link the Matter bridge follows. */
export type DeviceSource = Pick<BridgeLink, 'devices' | 'endpointState' | 'subscribe' | 'setDevice' | 'connected'>;

interface Bridged {
  spec: BridgedSpec;
  endpoint: Endpoint;
  /** Thermostat values as Zigbee last reported them: a Matter change equal to one is our own echo. */
  zigbee: { heat?: number; mode?: number };
}

export interface FollowerOptions {
  source: DeviceSource;
  aggregator: Endpoint;
  /** REST names by deCONZ uniqueid (published by the api); the device name otherwise. */
  names: () => ReadonlyMap<string, string>;
  logger: Logger;
}

const MODE_NAMES = new Map(Object.entries(SYSTEM_MODE).map(([name, value]) => [value, name]));

/**
 * Keeps the aggregator's bridged endpoints in step with the bridge's devices, states and
 * availability. Every change runs through one queue, so an endpoint is added before it is set.
 */
export class DeviceFollower {
  readonly bridged = new Map<string, Bridged>();
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe = () => {};

  constructor(private readonly options: FollowerOptions) {}

  start(): void {
    const { source } = this.options;
    this.unsubscribe = source.subscribe((event) => {
      if (event.kind === 'device') this.enqueue(() => this.syncDevice(event.device));
      else if (event.kind === 'device-removed') this.enqueue(() => this.removeMissing(event.ieee, []));
      else if (event.kind === 'state') this.enqueue(() => this.applyState(event.ieee, event.endpoint));
      else if (event.kind === 'bridge-offline' || event.kind === 'bridge-online') this.enqueue(() => this.syncAll());
    });
    this.enqueue(() => this.syncAll());
  }

  /** Names changed: relabel every endpoint. */
  renamed(): void {
    this.enqueue(() => this.syncAll());
  }

  /** Resolves when every change queued so far is applied. */
  settled(): Promise<void> {
    return this.queue;
  }

  stop(): Promise<void> {
    this.unsubscribe();
    return this.queue;
  }

  /** The Zigbee endpoint behind a bridged Matter endpoint id. */
  target(endpointId: string): BridgedSpec | undefined {
    return this.bridged.get(endpointId)?.spec;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => this.options.logger.error({ err }, 'matter: could not apply a bridge change'));
  }

  private async syncAll(): Promise<void> {
    for (const device of this.options.source.devices().values()) await this.syncDevice(device);
  }

  private identity(device: DeviceDescription, spec: BridgedSpec) {
    const online = device.availability === 'online' && this.options.source.connected();
    return { name: this.options.names().get(spec.uniqueid) ?? device.name, manufacturer: device.manufacturername, model: device.modelid, reachable: online };
  }

  private async syncDevice(device: DeviceDescription): Promise<void> {
    const specs = specsFor(device);
    for (const spec of specs) {
      // One endpoint matter.js refuses must not keep the others off the bridge.
      try {
        await this.syncSpec(device, spec);
      } catch (err) {
        this.options.logger.error({ err, id: spec.id, kind: spec.kind }, 'matter: could not bridge an endpoint');
      }
    }
    await this.removeMissing(
      device.ieee,
      specs.map((spec) => spec.id),
    );
  }

  private async syncSpec(device: DeviceDescription, spec: BridgedSpec): Promise<void> {
    const identity = this.identity(device, spec);
    let entry = this.bridged.get(spec.id);
    if (!entry) {
      const endpoint = createBridgedEndpoint(spec, identity);
      try {
        await this.options.aggregator.add(endpoint);
      } catch (err) {
        await endpoint.delete().catch(() => {});
        throw err;
      }
      entry = { spec, endpoint, zigbee: {} };
      this.bridged.set(spec.id, entry);
      if (spec.kind === 'thermostat') this.watchThermostat(entry);
      this.options.logger.info({ id: spec.id, kind: spec.kind, number: endpoint.number }, 'matter: bridged endpoint added');
    } else {
      await entry.endpoint.set({ bridgedDeviceBasicInformation: { nodeLabel: identity.name.slice(0, 32), reachable: identity.reachable } } as never);
    }
    await this.applyState(device.ieee, spec.endpoint);
  }

  private async removeMissing(ieee: string, keep: string[]): Promise<void> {
    for (const [id, entry] of [...this.bridged]) {
      if (entry.spec.ieee !== ieee || keep.includes(id)) continue;
      this.bridged.delete(id);
      await entry.endpoint.delete();
      this.options.logger.info({ id }, 'matter: bridged endpoint removed');
    }
  }

  private async applyState(ieee: string, zigbeeEndpoint: number): Promise<void> {
    const state = this.options.source.endpointState(ieee, zigbeeEndpoint);
    if (!state) return;
    for (const entry of this.bridged.values()) {
      if (entry.spec.ieee !== ieee || entry.spec.endpoint !== zigbeeEndpoint) continue;
      const patch = toMatter(entry.spec.kind, state, entry.spec.ct);
      if (Object.keys(patch).length === 0) continue;
      const thermostat = patch.thermostat as { occupiedHeatingSetpoint?: number; systemMode?: number } | undefined;
      if (thermostat?.occupiedHeatingSetpoint !== undefined) entry.zigbee.heat = thermostat.occupiedHeatingSetpoint;
      if (thermostat?.systemMode !== undefined) entry.zigbee.mode = thermostat.systemMode;
      await (entry.endpoint as Endpoint).set(patch as never);
    }
  }

  /** Thermostat setpoint and mode are attribute writes in Matter, not commands: forward the ones Zigbee did not cause. */
  private watchThermostat(entry: Bridged): void {
    const events = (entry.endpoint.events as unknown as { thermostat: Record<string, { on(listener: (value: number) => void): void }> }).thermostat;
    const send = (command: Record<string, unknown>) => {
      void this.options.source.setDevice(entry.spec.ieee, entry.spec.endpoint, command).then((outcome) => {
        if (outcome.status === 'error')
          this.options.logger.warn({ id: entry.spec.id, command, code: outcome.code }, 'matter: thermostat write failed at the device');
      });
    };
    events.occupiedHeatingSetpoint$Changed?.on((value) => {
      if (value !== entry.zigbee.heat) send({ heatsetpoint: value });
    });
    events.systemMode$Changed?.on((value) => {
      const mode = MODE_NAMES.get(value);
      if (value !== entry.zigbee.mode && mode) send({ mode });
    });
  }
}
