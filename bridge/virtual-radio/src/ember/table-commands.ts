/**
 * The NCP's tables a host may read: the child table (end devices whose parent is the
 * coordinator, announced by childJoinHandler), the source route table learnt from route records,
 * and the multicast table. EZSP 14 layouts; an index past the table answers an error status.
 */
import type { CommandHandler, NcpContext } from './context';
import { ByteWriter, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';
import { CHILD_TABLE_SIZE } from './ncp-state';

/** EzspConfigId SOURCE_ROUTE_TABLE_SIZE and MULTICAST_TABLE_SIZE as this image boots with them. */
const SOURCE_ROUTE_TABLE_SIZE = 200;
const MULTICAST_TABLE_SIZE = 16;
const NO_CLOSER = 0xff;
/** End-device timeout index 8 (END_DEVICE_POLL_TIMEOUT as herdsman sets it): 2^8 minutes. */
const CHILD_TIMEOUT = 8;
const BLANK_EUI64 = '0000000000000000';

/** A child joined (its parent is the coordinator) or left: the child table and childJoinHandler. */
export function childChanged(ctx: NcpContext, ieee: string, nwk: number, type: number, joining: boolean): void {
  const table = (ctx.tokens.children ??= []);
  let index = table.findIndex((c) => c?.ieee === ieee);
  if (joining) {
    if (index < 0) index = table.indexOf(null) >= 0 ? table.indexOf(null) : table.length;
    if (index >= CHILD_TABLE_SIZE) return;
    table[index] = { ieee, nwk, type };
  } else {
    if (index < 0) return;
    table[index] = null;
  }
  ctx.changed();
  ctx.callback(
    FrameId.ChildJoinHandler,
    new ByteWriter()
      .u8(index)
      .u8(joining ? 1 : 0)
      .u16(nwk)
      .ieee(ieee)
      .u8(type)
      .done(),
  );
}

/** Source route entries in the order they were learnt: destination and the index of its relay's entry. */
function sourceRoutes(ctx: NcpContext): { destination: number; closer: number }[] {
  const destinations = [...ctx.ram.routes.keys()];
  return destinations.map((destination) => {
    const relay = ctx.ram.routes.get(destination)!;
    const closer = destinations.indexOf(relay);
    return { destination, closer: closer >= 0 ? closer : NO_CLOSER };
  });
}

export const tableHandlers: Record<number, CommandHandler> = {
  [FrameId.GetChildData]: (ctx, r) => {
    const index = r.u8();
    const child = index < CHILD_TABLE_SIZE ? ctx.tokens.children?.[index] : undefined;
    const w = u32(new ByteWriter(), child ? SlStatus.Ok : SlStatus.NotJoined)
      .ieee(child?.ieee ?? BLANK_EUI64)
      .u8(child?.type ?? 0)
      .u16(child?.nwk ?? 0xffff);
    // phy 0, power 0, timeout index, remaining timeout (s): a child that polls keeps it full.
    return u32(
      w
        .u8(0)
        .u8(0)
        .u8(child ? CHILD_TIMEOUT : 0),
      child ? 60 * 2 ** CHILD_TIMEOUT : 0,
    ).done();
  },
  [FrameId.GetSourceRouteTableTotalSize]: () => Uint8Array.of(SOURCE_ROUTE_TABLE_SIZE),
  [FrameId.GetSourceRouteTableFilledSize]: (ctx) => Uint8Array.of(ctx.ram.routes.size),
  [FrameId.GetSourceRouteTableEntry]: (ctx, r) => {
    const entry = sourceRoutes(ctx)[r.u8()];
    return u32(new ByteWriter(), entry ? SlStatus.Ok : SlStatus.NotFound)
      .u16(entry?.destination ?? 0xffff)
      .u8(entry?.closer ?? NO_CLOSER)
      .done();
  },
  [FrameId.GetMulticastTableEntry]: (ctx, r) => {
    const index = r.u8();
    if (index >= MULTICAST_TABLE_SIZE) return u32(new ByteWriter(), SlStatus.InvalidIndex).u16(0).u8(0).u8(0).done();
    const entry = ctx.ram.multicast.get(index);
    return u32(new ByteWriter(), SlStatus.Ok)
      .u16(entry?.group ?? 0)
      .u8(entry?.endpoint ?? 0)
      .u8(0)
      .done();
  },
};

export const multicastIndexValid = (index: number): boolean => index < MULTICAST_TABLE_SIZE;
export const refuseIndex = (): Uint8Array => statusOnly(SlStatus.InvalidIndex);
