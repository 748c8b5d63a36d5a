/**
 * The simulated network behind the radio: turns host APS requests into deliveries to devices (with
 * confirms that say what a real radio would say), and device emissions into host indications.
 */
import { ByteReader } from '../protocol/bytes';
import type { ApsRequest } from '../protocol/index';
import { ConfirmStatus } from '../protocol/index';
import { answerCoordinatorZdo, answerNetworkZdo, isNetworkLevel } from '../zdo/network-zdo';
import type { ZdoDeps } from '../zdo/network-zdo';
import { addressResponse } from '../zdo/network-zdo-frames';
import { responseCluster, ZdoCluster } from '../zdo/network-zdo-ids';
import type { Clock } from './clock';
import type { FrameCounters } from './counters';
import type { FaultTable } from './faults';
import type { CoordinatorInfo, HostPort } from './host-port';
import type { DeviceRegistry, JoinedDevice } from './registry';
import type { Timing } from './timing';
import type { Delivery, Emission, Ieee } from './types';
import { ChannelChanges } from './channel-change';
import { channelEnergies, scanTimeMs } from './energy-scan';

export interface NetworkDeps {
  registry: DeviceRegistry;
  host: HostPort;
  coordinator: CoordinatorInfo;
  counters: FrameCounters;
  faults: FaultTable;
  clock: Clock;
  timing: Timing;
  permitJoin(seconds: number): void;
  leave(ieee: Ieee): void;
  /** A device stranded by a channel change rejoins (membership announces it). */
  rejoin(ieee: Ieee): void;
  /** Whether the coordinator's network is up. */
  networkUp(): boolean;
  log?(event: string, detail?: Record<string, unknown>): void;
}

const ZDO_PROFILE = 0;
const BROADCAST_MIN = 0xfff8;
const LQI_RSSI = (lqi: number) => Math.round(-100 + (lqi * 70) / 255);

export class SimNetwork {
  private readonly zdo: ZdoDeps;
  private readonly channels: ChannelChanges;

  constructor(private readonly deps: NetworkDeps) {
    this.channels = new ChannelChanges({
      registry: deps.registry,
      clock: deps.clock,
      timing: deps.timing,
      channel: () => deps.coordinator.channel(),
      networkUp: () => deps.networkUp(),
      rejoin: (ieee) => deps.rejoin(ieee),
      log: (event, detail) => deps.log?.(event, detail),
    });
    this.zdo = {
      registry: deps.registry,
      coordinator: deps.coordinator,
      reply: (fromNwk, clusterId, asdu) => this.indicateFrom(fromNwk, 0, { kind: 'coordinator', endpoint: 0 }, ZDO_PROFILE, clusterId, asdu),
      permitJoin: (s) => deps.permitJoin(s),
      leave: (ieee) => deps.clock.setTimeout(() => deps.leave(ieee), deps.timing.airMs + 5),
      energyScan: (scan, done) => {
        const ms = scanTimeMs(scan.mask, scan.duration, scan.count) * deps.timing.energyScanScale;
        deps.clock.setTimeout(() => {
          const energies = channelEnergies(scan.mask, { channel: deps.coordinator.channel(), devices: deps.registry.all().length });
          done({ energies, transmissions: deps.counters.snapshot().total, failures: 0 });
        }, ms);
      },
    };
  }

  /** Routes one accepted host request. Every request gets exactly one confirm. */
  handleRequest(req: ApsRequest): void {
    const dst = req.dst;
    if (dst.mode === 'group') return this.groupcast(req, dst.group);
    if (dst.mode === 'nwk' && dst.nwk >= BROADCAST_MIN) return this.broadcast(req, dst.nwk);
    if (dst.mode === 'nwk' && dst.nwk === 0) return this.toCoordinator(req);
    const entry = dst.mode === 'nwk' ? this.deps.registry.byAddress(dst.nwk) : this.deps.registry.get(dst.ieee);
    if (dst.mode === 'ieee' && dst.ieee === this.deps.coordinator.ieee()) return this.toCoordinator(req);
    this.deps.counters.count('nwk', dst.mode === 'nwk' ? dst.nwk : (entry?.device.identity.nwk ?? 0xfffe));
    this.unicast(req, entry);
  }

  private confirm(req: ApsRequest, status: number, afterMs: number): void {
    const dst = req.dst;
    this.deps.clock.setTimeout(() => this.deps.host.confirm({ requestId: req.requestId, dst, srcEndpoint: req.srcEndpoint, status }), afterMs);
  }

  private toCoordinator(req: ApsRequest): void {
    this.deps.counters.count('nwk', 0);
    this.confirm(req, ConfirmStatus.Success, 0);
    if (req.profileId === ZDO_PROFILE) answerCoordinatorZdo(this.zdo, req.clusterId, req.asdu);
  }

  private unicast(req: ApsRequest, entry: JoinedDevice | undefined): void {
    const { timing, faults, clock } = this.deps;
    if (!entry) return this.confirm(req, ConfirmStatus.RouteDiscoveryFailed, timing.macRetryMs);
    const ieee = entry.device.identity.ieee;
    if (!entry.online || this.channels.stranded(entry) || faults.takeDrop(ieee)) return this.confirm(req, ConfirmStatus.MacNoAck, timing.macRetryMs);
    const delay = timing.airMs + faults.delayFor(ieee) + this.untilPoll(entry);
    const endpoint = req.dst.mode === 'group' ? 0 : req.dst.endpoint;
    clock.setTimeout(() => {
      if (req.profileId === ZDO_PROFILE && isNetworkLevel(req.clusterId)) {
        // A silenced (no-ack) device acts on the request, but its answer never reaches the host.
        const zdo = faults.silenced(ieee) ? { ...this.zdo, reply: () => {} } : this.zdo;
        answerNetworkZdo(zdo, entry.device.identity.nwk, req.clusterId, req.asdu);
      } else {
        this.deliver(entry, { ...this.delivery(req), dstEndpoint: endpoint });
      }
      // The confirm reports the device's acknowledgement: it follows the delivery, never precedes it.
      this.confirm(req, ConfirmStatus.Success, 0);
    }, delay);
  }

  /** A sleepy end device gets its frame when it next polls its parent (each device has its own phase). */
  private untilPoll(entry: JoinedDevice): number {
    const interval = this.deps.timing.pollIntervalMs;
    if (interval <= 0 || entry.device.identity.rxOnWhenIdle) return 0;
    const phase = Number.parseInt(entry.device.identity.ieee.slice(-4), 16) % interval;
    return interval - ((this.deps.clock.now() + phase) % interval);
  }

  private groupcast(req: ApsRequest, group: number): void {
    this.deps.counters.count('group', group);
    this.deps.clock.setTimeout(() => {
      this.fanOutGroup(group, this.delivery(req));
      this.confirm(req, ConfirmStatus.Success, 0);
    }, this.deps.timing.airMs);
  }

  private fanOutGroup(group: number, base: Omit<Delivery, 'dstEndpoint'>, except?: Ieee): void {
    for (const entry of this.deps.registry.all()) {
      if (!entry.online || this.channels.stranded(entry) || entry.device.identity.ieee === except) continue;
      for (const endpoint of entry.device.endpointsInGroup(group)) this.deliver(entry, { ...base, dstEndpoint: endpoint, group });
    }
  }

  private broadcast(req: ApsRequest, address: number): void {
    this.deps.counters.count('broadcast', address);
    if (req.profileId === ZDO_PROFILE) {
      this.confirm(req, ConfirmStatus.Success, this.deps.timing.airMs);
      // Permit join and channel changes matter network-wide; other broadcasts need no simulation.
      if (req.clusterId === ZdoCluster.MgmtPermitJoinReq && req.asdu.length >= 2) this.deps.permitJoin(req.asdu[1]);
      if (req.clusterId === ZdoCluster.MgmtNwkUpdateReq) this.channels.broadcast(address, req.asdu);
      if (req.clusterId === ZdoCluster.NwkAddrReq) this.answerAddressSearch(req.asdu);
      return;
    }
    const endpoint = req.dst.mode === 'nwk' ? req.dst.endpoint : 0xff;
    this.deps.clock.setTimeout(() => {
      this.fanOutBroadcast(address, { ...this.delivery(req), dstEndpoint: endpoint, broadcast: true });
      this.confirm(req, ConfirmStatus.Success, 0);
    }, this.deps.timing.airMs);
  }

  /**
   * A broadcast NWK_addr_req names its device by IEEE. The device answers itself when its receiver
   * is on; a sleepy one is answered for by its parent router, from its neighbour table. Nobody
   * answers for a device that is off, or for a sleepy child of the coordinator: a node does not
   * hear its own broadcast (the host finds that one when it is next heard).
   */
  private answerAddressSearch(asdu: Uint8Array): void {
    if (asdu.length < 9) return;
    const r = new ByteReader(asdu);
    const tsn = r.u8();
    const entry = this.deps.registry.get(r.ieee());
    if (!entry?.online || this.channels.stranded(entry) || this.deps.faults.silenced(entry.device.identity.ieee)) return;
    const { ieee, nwk, rxOnWhenIdle } = entry.device.identity;
    const responder = rxOnWhenIdle ? entry : this.deps.registry.byAddress(entry.parent);
    if (!responder?.online) return;
    // Request and answer each cross the air once.
    this.deps.clock.setTimeout(
      () => this.zdo.reply(responder.device.identity.nwk, responseCluster(ZdoCluster.NwkAddrReq), addressResponse(tsn, ieee, nwk)),
      2 * this.deps.timing.airMs,
    );
  }

  private fanOutBroadcast(address: number, delivery: Delivery, except?: Ieee): void {
    for (const entry of this.deps.registry.all()) {
      const id = entry.device.identity;
      if (!entry.online || this.channels.stranded(entry) || id.ieee === except) continue;
      if (address === 0xfffc && id.logicalType !== 'router') continue;
      if (address === 0xfffd && !id.rxOnWhenIdle) continue;
      this.deliver(entry, delivery);
    }
  }

  private delivery(req: ApsRequest): Omit<Delivery, 'dstEndpoint'> {
    return { profileId: req.profileId, clusterId: req.clusterId, srcEndpoint: req.srcEndpoint, asdu: req.asdu };
  }

  private deliver(entry: JoinedDevice, delivery: Delivery): void {
    try {
      entry.device.receive(delivery);
    } catch {
      // A device that throws on a frame behaves like one that ignored it; the radio keeps going.
    }
  }

  /** A device sends a frame: it reaches the host (and, for groups and broadcasts, other devices). */
  emit(ieee: Ieee, frame: Emission): void {
    const entry = this.deps.registry.get(ieee);
    // A device stranded on an old channel transmits into the void.
    if (!entry?.online || this.channels.stranded(entry) || this.deps.faults.silenced(ieee)) return;
    const delay = this.deps.timing.airMs + this.deps.faults.delayFor(ieee);
    this.deps.clock.setTimeout(() => {
      if (!entry.online) return;
      const nwk = entry.device.identity.nwk;
      this.indicateFrom(nwk, frame.srcEndpoint, frame.to, frame.profileId, frame.clusterId, frame.asdu, entry.lqi);
      const base = { profileId: frame.profileId, clusterId: frame.clusterId, srcEndpoint: frame.srcEndpoint, asdu: frame.asdu };
      if (frame.to.kind === 'group') this.fanOutGroup(frame.to.group, base, ieee);
      if (frame.to.kind === 'broadcast' && frame.profileId !== ZDO_PROFILE) {
        this.fanOutBroadcast(frame.to.address, { ...base, dstEndpoint: frame.to.endpoint, broadcast: true }, ieee);
      }
    }, delay);
  }

  private indicateFrom(srcNwk: number, srcEndpoint: number, to: Emission['to'], profileId: number, clusterId: number, asdu: Uint8Array, lqi = 255): void {
    const dst = to.kind === 'group' ? { mode: 'group' as const, group: to.group } : { mode: 'nwk' as const, nwk: to.kind === 'broadcast' ? to.address : 0 };
    const dstEndpoint = to.kind === 'group' ? 0xff : to.endpoint;
    this.deps.host.indicate({ dst, dstEndpoint, srcNwk, srcEndpoint, profileId, clusterId, asdu, lqi, rssi: LQI_RSSI(lqi) });
  }
}
