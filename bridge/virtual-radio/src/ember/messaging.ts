/**
 * EZSP messaging: sendUnicast / sendBroadcast / sendMulticast become APS requests into the simulated
 * network, each answered by messageSentHandler when the network confirms it (message tag only, as
 * herdsman's MESSAGE_CONTENTS_IN_CALLBACK policy asks); frames from devices become
 * incomingMessageHandler, joins trustCenterJoinHandler. EZSP 14 layouts.
 */
import type { ApsAddress } from '../protocol/index';
import type { PendingConfirm, PendingIndication } from '../network/host-port';
import type { CommandHandler, NcpContext } from './context';
import { ByteWriter, readApsFrame, readPayload, u32, writeApsFrame } from './ezsp-codec';
import type { ApsFrame, ByteReader } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';

const Outgoing = { Direct: 0, Multicast: 3, Broadcast: 6 } as const;
const Incoming = { Unicast: 0, Multicast: 2, Broadcast: 4 } as const;
const DeviceUpdate = { UnsecuredJoin: 1, DeviceLeft: 2 } as const;
const JoinDecision = { UsePreconfiguredKey: 0, NoAction: 3 } as const;
/** deCONZ-style confirm statuses from the network, as EmberZNet reports them. */
const SENT_STATUS = (status: number): number => (status === 0 ? SlStatus.Ok : SlStatus.DeliveryFailed);
const DEFAULT_RADIUS = 30;
const ZDO_ANNOUNCE = 0x0013;

interface PendingSend {
  type: number;
  destination: number;
  aps: ApsFrame;
  tag: number;
}

/** Requests in flight, by the network's request id (u8). */
export class SendTable {
  private readonly pending = new Map<number, PendingSend>();
  private nextId = 0;
  private apsSequence = 0;

  add(entry: Omit<PendingSend, 'aps'> & { aps: ApsFrame }): { requestId: number; sequence: number } | undefined {
    if (this.pending.size >= 255) return undefined;
    while (this.pending.has(this.nextId)) this.nextId = (this.nextId + 1) & 0xff;
    const requestId = this.nextId;
    this.nextId = (this.nextId + 1) & 0xff;
    const sequence = this.apsSequence;
    this.apsSequence = (this.apsSequence + 1) & 0xff;
    this.pending.set(requestId, { ...entry, aps: { ...entry.aps, sequence } });
    return { requestId, sequence };
  }

  take(requestId: number): PendingSend | undefined {
    const entry = this.pending.get(requestId);
    this.pending.delete(requestId);
    return entry;
  }

  clear(): void {
    this.pending.clear();
  }
}

function send(ctx: NcpContext, table: SendTable, entry: PendingSend, dst: ApsAddress, payload: Uint8Array, radius: number): Uint8Array {
  if (!ctx.ram.networkUp) return u32(new ByteWriter(), SlStatus.NotJoined).u8(0).done();
  const added = table.add(entry);
  if (!added) return u32(new ByteWriter(), SlStatus.EzspError).u8(0).done();
  ctx.route({
    requestId: added.requestId,
    dst,
    profileId: entry.aps.profileId,
    clusterId: entry.aps.clusterId,
    srcEndpoint: entry.aps.sourceEndpoint,
    asdu: payload,
    txOptions: 0,
    radius: radius || DEFAULT_RADIUS,
  });
  return u32(new ByteWriter(), SlStatus.Ok).u8(added.sequence).done();
}

export function messagingHandlers(table: SendTable): Record<number, CommandHandler> {
  return {
    [FrameId.SendUnicast]: (ctx, r: ByteReader) => {
      const type = r.u8();
      const destination = r.u16();
      const aps = readApsFrame(r);
      const tag = r.u16();
      const payload = readPayload(r);
      if (type !== Outgoing.Direct) return u32(new ByteWriter(), SlStatus.InvalidParameter).u8(0).done();
      return send(ctx, table, { type, destination, aps, tag }, { mode: 'nwk', nwk: destination, endpoint: aps.destinationEndpoint }, payload, DEFAULT_RADIUS);
    },
    [FrameId.SendBroadcast]: (ctx, r) => {
      r.u16(); // alias
      const destination = r.u16();
      r.u8(); // NWK sequence (with an alias only)
      const aps = readApsFrame(r);
      const radius = r.u8();
      const tag = r.u16();
      const payload = readPayload(r);
      return send(
        ctx,
        table,
        { type: Outgoing.Broadcast, destination, aps, tag },
        { mode: 'nwk', nwk: destination, endpoint: aps.destinationEndpoint },
        payload,
        radius,
      );
    },
    [FrameId.SendMulticast]: (ctx, r) => {
      const aps = readApsFrame(r);
      const hops = r.u8();
      r.u16(); // broadcast address
      r.u16(); // alias
      r.u8(); // NWK sequence
      const tag = r.u16();
      const payload = readPayload(r);
      return send(ctx, table, { type: Outgoing.Multicast, destination: aps.groupId, aps, tag }, { mode: 'group', group: aps.groupId }, payload, hops);
    },
  };
}

/** The network confirmed a request: messageSentHandler with the host's message tag. */
export function messageSent(ctx: NcpContext, table: SendTable, confirm: PendingConfirm): void {
  const entry = table.take(confirm.requestId);
  if (!entry) return;
  const w = u32(new ByteWriter(), SENT_STATUS(confirm.status)).u8(entry.type).u16(entry.destination);
  ctx.callback(FrameId.MessageSentHandler, writeApsFrame(w, entry.aps).u16(entry.tag).u8(0).done());
}

/** A frame from a device: incomingMessageHandler; a device announce is preceded by the TC join. */
/** `joined` reports an announced device to the NCP and answers its parent's address. */
export function incomingMessage(
  ctx: NcpContext,
  ind: PendingIndication,
  ieeeOf: (nwk: number) => string | undefined,
  joined: (nwk: number, ieee: string) => number,
): void {
  if (ind.profileId === 0 && ind.clusterId === ZDO_ANNOUNCE && ind.asdu.length >= 11) {
    const ieee = Array.from(ind.asdu.subarray(3, 11))
      .reverse()
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const parent = joined(ind.srcNwk, ieee);
    trustCenterJoin(ctx, ind.srcNwk, ieee, DeviceUpdate.UnsecuredJoin, JoinDecision.UsePreconfiguredKey, parent);
  }
  const type = ind.dst.mode === 'group' ? Incoming.Multicast : ind.dst.nwk >= 0xfff8 ? Incoming.Broadcast : Incoming.Unicast;
  const aps: ApsFrame = {
    profileId: ind.profileId,
    clusterId: ind.clusterId,
    sourceEndpoint: ind.srcEndpoint,
    destinationEndpoint: ind.dstEndpoint,
    options: 0,
    groupId: ind.dst.mode === 'group' ? ind.dst.group : 0,
    sequence: 0,
  };
  const w = writeApsFrame(new ByteWriter().u8(type), aps)
    .u16(ind.srcNwk)
    .ieee(ind.srcIeee ?? ieeeOf(ind.srcNwk) ?? '0000000000000000');
  w.u8(0xff).u8(0xff).u8(ind.lqi).i8(ind.rssi);
  ctx.callback(FrameId.IncomingMessageHandler, u32(w, 0).u8(ind.asdu.length).bytes(ind.asdu).done());
}

export function trustCenterJoin(ctx: NcpContext, nwk: number, ieee: string, status: number, decision: number, parent = 0x0000): void {
  ctx.callback(FrameId.TrustCenterJoinHandler, new ByteWriter().u16(nwk).ieee(ieee).u8(status).u8(decision).u16(parent).done());
}

export const deviceLeft = (ctx: NcpContext, nwk: number, ieee: string): void => trustCenterJoin(ctx, nwk, ieee, DeviceUpdate.DeviceLeft, JoinDecision.NoAction);
