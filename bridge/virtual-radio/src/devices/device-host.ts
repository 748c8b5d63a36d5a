/**
 * One simulated device's runtime: attribute store, reporting engine, bindings/groups/scenes and timers,
 * plus the single way out to the radio (`emit`). Behaviours see it through the `BehaviourHost` interface.
 */
import type { DeviceContext, Destination, DeviceIdentity } from '../network/types';
import {
  type AttributeDef,
  type ClusterDef,
  type CommandPayload,
  type ZclHeader,
  type ZclValue,
  GlobalCommand,
  attributeByName,
  commandByName,
  encodeAttributeValues,
  encodeCommand,
  encodeFrame,
  resolveCluster,
} from '../zcl/index';
import { AttributeStore } from './attribute-store';
import type { Behaviour, BehaviourHost, SendOptions } from './behaviour';
import type { CatalogueEndpoint, CatalogueEntry } from './catalogue-schema';
import { DeviceMemory, destinationOf } from './memory';
import { ReportingEngine } from './reporting';
import { Timers } from './timers';
import { TuyaMcu } from './tuya-mcu';
import { OtaClient } from './ota/ota-client';

export class DeviceHost implements BehaviourHost {
  readonly store = new AttributeStore();
  readonly memory = new DeviceMemory();
  readonly timers: Timers;
  readonly reporting: ReportingEngine;
  /** endpoint → cluster id → behaviour of the server side (in-clusters) */
  readonly servers = new Map<number, Map<number, Behaviour>>();
  /** endpoint → cluster id → behaviour of the client side (out-clusters) */
  readonly clients = new Map<number, Map<number, Behaviour>>();
  readonly tuya?: TuyaMcu;
  readonly ota?: OtaClient;
  private tsn = 0;

  constructor(
    readonly identity: DeviceIdentity,
    readonly entry: CatalogueEntry,
    readonly ctx: DeviceContext,
  ) {
    this.timers = new Timers(ctx);
    if (entry.tuya) this.tuya = new TuyaMcu(this, entry.tuya);
    if (entry.ota) this.ota = new OtaClient(this, entry.ota);
    this.reporting = new ReportingEngine({
      timers: this.timers,
      now: () => ctx.now(),
      current: (ep, cluster, attr) => this.store.get(ep, cluster.id, attr.name),
      send: (ep, cluster, attr, value) => this.sendReport(ep, cluster, attr, value),
    });
    this.store.onChange = (ep, cluster, attr, value) => {
      this.reporting.attributeChanged(ep, cluster, attr, value);
      ctx.changed();
    };
  }

  get config() {
    return this.entry.behaviour;
  }

  endpoint(id: number): CatalogueEndpoint | undefined {
    return this.entry.endpoints.find((e) => e.id === id);
  }

  now(): number {
    return this.ctx.now();
  }

  changed(): void {
    this.ctx.changed();
  }

  coordinatorIeee(): string {
    return this.ctx.coordinatorIeee();
  }

  private cluster(name: string): ClusterDef {
    const c = resolveCluster(name);
    if (!c) throw new RangeError(`unknown cluster ${name}`);
    return c;
  }

  has(endpoint: number, cluster: string): boolean {
    const c = resolveCluster(cluster);
    return c !== undefined && (this.endpoint(endpoint)?.inClusters.includes(c.id) ?? false);
  }

  inClusters(endpoint: number): number[] {
    return this.endpoint(endpoint)?.inClusters ?? [];
  }

  get(endpoint: number, cluster: string, attr: string): ZclValue | undefined {
    return this.store.get(endpoint, this.cluster(cluster).id, attr);
  }

  num(endpoint: number, cluster: string, attr: string, fallback = 0): number {
    const v = this.get(endpoint, cluster, attr);
    return typeof v === 'number' ? v : fallback;
  }

  set(endpoint: number, cluster: string, attr: string, value: ZclValue): void {
    this.store.set(endpoint, this.cluster(cluster), attr, value);
  }

  /** A write from the host: store it, then let the cluster's behaviour react (enrolment, setpoints…). */
  writeAttribute(endpoint: number, cluster: ClusterDef, name: string, value: ZclValue): void {
    this.store.set(endpoint, cluster, name, value);
    this.servers.get(endpoint)?.get(cluster.id)?.written?.(this, endpoint, name, value);
  }

  nextTsn(): number {
    this.tsn = (this.tsn + 1) & 0xff;
    return this.tsn;
  }

  /**
   * The one way out: a ZCL frame from `endpoint` to each destination. Frames the device originates
   * carry the endpoint's profile; an answer passes `profileId` = the request's, as real devices do
   * (herdsman's deCONZ adapter matches responses by profile, so a ZLL endpoint answering a HA read
   * with 0xC05E is never heard).
   */
  emit(
    endpoint: number,
    clusterId: number,
    header: Omit<ZclHeader, 'tsn'> & { tsn?: number },
    payload: Uint8Array,
    to: Destination[],
    profileId = this.endpoint(endpoint)?.profileId ?? 0x0104,
  ): void {
    const asdu = encodeFrame({ ...header, tsn: header.tsn ?? this.nextTsn() }, payload);
    for (const dest of to) this.ctx.send({ to: dest, srcEndpoint: endpoint, profileId, clusterId, asdu });
  }

  /** Bound destinations for the cluster on the endpoint (bindings to other devices cannot be routed here). */
  boundDestinations(endpoint: number, clusterId: number): Destination[] {
    const out: Destination[] = [];
    for (const b of this.memory.bindingsFor(endpoint, clusterId)) {
      const d = destinationOf(b.to, this.coordinatorIeee());
      if (d) out.push(d);
    }
    return out;
  }

  sendCommand(endpoint: number, clusterName: string, command: string, payload: CommandPayload, options: SendOptions): void {
    const cluster = this.cluster(clusterName);
    const def = commandByName(cluster, options.direction, command);
    if (!def) throw new RangeError(`${cluster.name} has no ${options.direction} command ${command}`);
    const to = options.to ?? this.commandDestinations(endpoint, cluster.id);
    const header = {
      clusterSpecific: true,
      direction: options.direction,
      disableDefaultResponse: options.disableDefaultResponse ?? false,
      commandId: def.id,
      ...(options.manufacturerCode !== undefined ? { manufacturerCode: options.manufacturerCode } : {}),
    };
    this.emit(endpoint, cluster.id, header, encodeCommand(def, payload), to);
  }

  /** Commands a device originates go to its bindings, else (catalogue permitting) to coordinator endpoint 1. */
  commandDestinations(endpoint: number, clusterId: number): Destination[] {
    const bound = this.boundDestinations(endpoint, clusterId);
    if (bound.length > 0 || this.config.defaultTarget === 'none') return bound;
    return [{ kind: 'coordinator', endpoint: 1 }];
  }

  /**
   * A value the device announces by itself, whatever reporting was configured (how Xiaomi devices
   * send gestures): stored, then reported to the cluster's bindings, else to the coordinator.
   */
  announce(endpoint: number, clusterName: string, attrName: string, value: ZclValue): void {
    const cluster = this.cluster(clusterName);
    const attr = attributeByName(cluster, attrName);
    if (!attr) throw new RangeError(`${cluster.name} has no attribute ${attrName}`);
    this.store.set(endpoint, cluster, attrName, value);
    this.sendReport(endpoint, cluster, attr, value, this.commandDestinations(endpoint, cluster.id));
  }

  private sendReport(endpoint: number, cluster: ClusterDef, attr: AttributeDef, value: ZclValue, to = this.boundDestinations(endpoint, cluster.id)): void {
    if (to.length === 0) return;
    const header = {
      clusterSpecific: false,
      direction: 'toClient' as const,
      disableDefaultResponse: true,
      ...(attr.manufacturerCode !== undefined ? { manufacturerCode: attr.manufacturerCode } : {}),
      commandId: GlobalCommand.report,
    };
    this.emit(endpoint, cluster.id, header, encodeAttributeValues([{ attrId: attr.id, type: attr.type, value }]), to);
  }

  applyScene(endpoint: number, clusterId: number, values: Record<string, number>, transitionMs: number): void {
    const behaviour = this.servers.get(endpoint)?.get(clusterId);
    if (behaviour?.applyScene) behaviour.applyScene(this, endpoint, values, transitionMs);
    else {
      const cluster = resolveCluster(clusterId);
      if (!cluster) return;
      for (const [name, v] of Object.entries(values)) if (attributeByName(cluster, name)) this.store.set(endpoint, cluster, name, v);
    }
  }
}
