/**
 * Touchlink on the simulated lights: an inter-PAN scan request on a channel is answered by every
 * touchlink-capable light tuned to it and close enough to hear it (the initiator transmits at low
 * power), with an RSSI that falls with distance. Identify makes the light blink; reset to factory
 * new makes a joined light leave and start searching for a network again. A light only obeys
 * identify and reset for the transaction of a scan it answered.
 */
import type { Clock } from './clock';
import type { CoordinatorInfo, HostPort } from './host-port';
import type { Membership } from './membership';
import type { DeviceRegistry } from './registry';
import type { Timing } from './timing';
import { lqiFromRssi, parseTouchlinkRequest, rssiAt, scanResponse, TOUCHLINK_CLUSTER, TouchlinkCommand } from './touchlink-frames';
import type { DeviceFactory, Ieee, TouchlinkEndpoint } from './types';

export interface InterPanRequest {
  channel: number;
  to: 'broadcast' | { ieee: Ieee };
  clusterId: number;
  asdu: Uint8Array;
}

export interface TouchlinkDeps {
  registry: DeviceRegistry;
  membership: Membership;
  factory: DeviceFactory;
  coordinator: CoordinatorInfo;
  host: HostPort;
  clock: Clock;
  timing: Timing;
  log(event: string, detail?: Record<string, unknown>): void;
}

/** How far a touchlink scan reaches, metres: "hold the light close to the gateway". */
export const TOUCHLINK_RANGE_M = 1.5;
/** Where a light stands when the network definition does not say. */
export const DEFAULT_DISTANCE_M = 5;
/** ZLL primary channels: a factory-new light listens on one of them. */
const PRIMARY_CHANNELS = [11, 15, 20, 25];
const DEFAULT_IDENTIFY_S = 10;

export interface TouchlinkView {
  ieee: Ieee;
  model: string;
  joined: boolean;
  factoryNew: boolean;
  channel: number;
  distance: number;
  rssi: number;
  identifying: boolean;
  resets: number;
}

interface Candidate {
  ieee: Ieee;
  model: string;
  joined: boolean;
  channel: number;
  distance: number;
  nwk: number;
  endpoint: TouchlinkEndpoint;
  router: boolean;
}

export class TouchlinkResponder {
  private readonly transactions = new Map<Ieee, number>();
  private readonly identifyUntil = new Map<Ieee, number>();
  private readonly resets = new Map<Ieee, number>();

  constructor(private readonly deps: TouchlinkDeps) {}

  handle(request: InterPanRequest): void {
    if (request.clusterId !== TOUCHLINK_CLUSTER) return;
    const frame = parseTouchlinkRequest(request.asdu);
    if (!frame) return;
    const heard = this.candidates().filter((c) => c.channel === request.channel && c.distance <= TOUCHLINK_RANGE_M);
    const targets = request.to === 'broadcast' ? heard : heard.filter((c) => c.ieee === (request.to as { ieee: Ieee }).ieee);
    targets.forEach((c, i) => {
      const delay = this.deps.timing.airMs * (i + 1);
      this.deps.clock.setTimeout(() => this.respond(c, frame.command, frame.tsn, frame.transactionId, frame.duration), delay);
    });
  }

  private respond(c: Candidate, command: number, tsn: number, transactionId: number, duration: number | undefined): void {
    if (command === TouchlinkCommand.ScanRequest) {
      this.transactions.set(c.ieee, transactionId);
      const rssi = rssiAt(c.distance);
      const asdu = scanResponse({
        tsn,
        transactionId,
        responseId: Number.parseInt(c.ieee.slice(-8), 16),
        router: c.router,
        factoryNew: !c.joined,
        extendedPanId: c.joined ? bytesToHexLe(this.deps.coordinator.extendedPanId()) : '0000000000000000',
        networkUpdateId: 0,
        channel: c.channel,
        panId: c.joined ? this.deps.coordinator.panId() : 0xffff,
        nwk: c.joined ? c.nwk : 0xffff,
        endpoint: c.endpoint,
      });
      this.deps.host.interPan?.({
        srcIeee: c.ieee,
        srcPanId: c.joined ? this.deps.coordinator.panId() : 0xffff,
        clusterId: TOUCHLINK_CLUSTER,
        asdu,
        lqi: lqiFromRssi(rssi),
      });
      this.deps.log('touchlink-scan-response', { ieee: c.ieee, channel: c.channel, rssi });
      return;
    }
    if (this.transactions.get(c.ieee) !== transactionId) return;
    if (command === TouchlinkCommand.IdentifyRequest) this.identify(c, duration === undefined || duration === 0xffff ? DEFAULT_IDENTIFY_S : duration);
    if (command === TouchlinkCommand.ResetToFactoryNew) this.reset(c);
  }

  private identify(c: Candidate, seconds: number): void {
    this.identifyUntil.set(c.ieee, this.deps.clock.now() + seconds * 1000);
    const entry = c.joined ? this.deps.registry.get(c.ieee) : undefined;
    // A joined light blinks through its own Identify cluster, so its attribute state shows it too.
    const IDENTIFY = 0x0003;
    entry?.device.receive({
      profileId: 0x0104,
      clusterId: IDENTIFY,
      srcEndpoint: 0xfe,
      dstEndpoint: c.endpoint.id,
      asdu: Uint8Array.of(0x11, 0, 0x00, seconds & 0xff, seconds >> 8),
    });
    this.deps.log('touchlink-identify', { ieee: c.ieee, seconds });
  }

  private reset(c: Candidate): void {
    this.resets.set(c.ieee, (this.resets.get(c.ieee) ?? 0) + 1);
    this.transactions.delete(c.ieee);
    if (c.joined) {
      this.deps.host.left?.(c.nwk, c.ieee);
      this.deps.membership.remove(c.ieee);
    } else {
      this.deps.membership.remove(c.ieee);
    }
    // Factory new again: it searches for a network to join, so the next permit join pairs it.
    this.deps.membership.addToPool({ ieee: c.ieee, model: c.model, distance: c.distance, searching: true });
    this.deps.log('touchlink-reset', { ieee: c.ieee, wasJoined: c.joined });
  }

  private candidates(): Candidate[] {
    const out: Candidate[] = [];
    for (const entry of this.deps.registry.all()) {
      const id = entry.device.identity;
      const endpoint = this.deps.factory.touchlink?.(id.model);
      if (!endpoint || !entry.online) continue;
      out.push({
        ieee: id.ieee,
        model: id.model,
        joined: true,
        channel: this.deps.coordinator.channel(),
        distance: entry.distance ?? DEFAULT_DISTANCE_M,
        nwk: id.nwk,
        endpoint,
        router: id.logicalType === 'router',
      });
    }
    for (const pooled of this.deps.registry.pool()) {
      const endpoint = this.deps.factory.touchlink?.(pooled.model);
      if (!endpoint) continue;
      out.push({
        ieee: pooled.ieee,
        model: pooled.model,
        joined: false,
        channel: primaryChannel(pooled.ieee),
        distance: pooled.distance ?? DEFAULT_DISTANCE_M,
        nwk: 0xffff,
        endpoint,
        router: true,
      });
    }
    return out;
  }

  /** Every touchlink-capable light with what a scan would report and whether it is blinking. */
  view(): TouchlinkView[] {
    const now = this.deps.clock.now();
    return this.candidates().map((c) => ({
      ieee: c.ieee,
      model: c.model,
      joined: c.joined,
      factoryNew: !c.joined,
      channel: c.channel,
      distance: c.distance,
      rssi: rssiAt(c.distance),
      identifying: (this.identifyUntil.get(c.ieee) ?? 0) > now,
      resets: this.resets.get(c.ieee) ?? 0,
    }));
  }
}

/** The ZLL primary channel a factory-new light listens on (stable per device). */
export function primaryChannel(ieee: Ieee): number {
  return PRIMARY_CHANNELS[Number.parseInt(ieee.slice(-2), 16) % PRIMARY_CHANNELS.length];
}

function bytesToHexLe(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 8))
    .reverse()
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}
