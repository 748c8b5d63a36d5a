/**
 * Inter-PAN (touchlink) on the EmberZNet front: the host sends whole MAC frames with sendRawMessage
 * (MAC header with a long source, the stub NWK frame control 0x000B, an inter-PAN APS header, then
 * ZCL), on the channel setLogicalAndRadioChannel tuned; answers come back as the raw MAC frame in
 * macFilterMatchMessageHandler. EZSP 14 layouts.
 */
import type { InterPanIndication } from '../network/host-port';
import type { CommandHandler, NcpContext } from './context';
import { ByteReader, ByteWriter, readPayload, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';

const MAC_ACK_REQUIRED = 0x0020;
const SHORT_DEST = 0xc801;
const LONG_DEST = 0xcc01;
const STUB_NWK = 0x000b;
const APS_TYPE_MASK = 0x03;
const APS_INTERPAN = 0x03;
const DELIVERY_MASK = 0x0c;
const MULTICAST = 0x0c;
const TOUCHLINK_PROFILE = 0xc05e;
/** The MAC filter match index herdsman's filter for touchlink frames gets. */
const FILTER_MATCH = 0;
const LEGACY_PASSTHROUGH_NONE = 0;

interface RawFrame {
  to: 'broadcast' | { ieee: string };
  clusterId: number;
  profileId: number;
  asdu: Uint8Array;
}

export function parseInterPan(frame: Uint8Array): RawFrame | undefined {
  const r = new ByteReader(frame);
  const fc = r.u16() & ~MAC_ACK_REQUIRED;
  r.u8(); // MAC sequence: the stack sets it
  r.u16(); // destination PAN
  let to: RawFrame['to'];
  if (fc === LONG_DEST) to = { ieee: r.ieee() };
  else if (fc === SHORT_DEST) {
    r.u16();
    to = 'broadcast';
  } else return undefined;
  r.u16(); // source PAN
  r.ieee(); // source: the coordinator
  if (r.u16() !== STUB_NWK) return undefined;
  const aps = r.u8();
  if ((aps & APS_TYPE_MASK) !== APS_INTERPAN) return undefined;
  if ((aps & DELIVERY_MASK) === MULTICAST) r.u16();
  return { to, clusterId: r.u16(), profileId: r.u16(), asdu: r.rest() };
}

export const interPanHandlers: Record<number, CommandHandler> = {
  [FrameId.SendRawMessage]: (ctx, r) => {
    const contents = readPayload(r);
    r.u8(); // priority
    r.u8(); // use CCA
    const raw = parseInterPan(contents);
    if (!raw || raw.profileId !== TOUCHLINK_PROFILE) return statusOnly(raw ? SlStatus.Ok : SlStatus.InvalidParameter);
    const channel = ctx.ram.interPanChannel ?? ctx.tokens.network?.channel ?? 11;
    ctx.interPan({ channel, to: raw.to, clusterId: raw.clusterId, asdu: raw.asdu });
    ctx.callback(FrameId.RawTransmitCompleteHandler, u32(new ByteWriter().u8(0), SlStatus.Ok).done());
    return statusOnly(SlStatus.Ok);
  },
};

/** A touchlink answer from a device: the MAC frame it sent, to the coordinator's EUI64. */
export function macFilterMatch(ctx: NcpContext, ind: InterPanIndication): void {
  const mac = new ByteWriter()
    .u16(LONG_DEST)
    .u8(0)
    .u16(ctx.tokens.network?.panId ?? 0xffff)
    .ieee(ctx.tokens.eui64)
    .u16(ind.srcPanId)
    .ieee(ind.srcIeee);
  mac.u16(STUB_NWK).u8(APS_INTERPAN).u16(ind.clusterId).u16(TOUCHLINK_PROFILE).bytes(ind.asdu);
  const frame = mac.done();
  const info = new ByteWriter().u8(FILTER_MATCH).u8(LEGACY_PASSTHROUGH_NONE).u16(0xfffe).ieee(ind.srcIeee).u8(0xff).u8(0xff).u8(ind.lqi).i8(-50);
  ctx.callback(FrameId.MacFilterMatchMessageHandler, u32(info, 0).u8(frame.length).bytes(frame).done());
}
