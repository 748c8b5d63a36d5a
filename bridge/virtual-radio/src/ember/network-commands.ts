/**
 * EZSP commands that bring the network up and down: networkInit (resume the network in tokens),
 * formNetwork, leaveNetwork, networkState, getNetworkParameters, permitJoining, radio power and
 * channel. A change of stack state is reported by stackStatusHandler after the command's response.
 */
import type { CommandHandler, NcpContext } from './context';
import { ByteWriter, readU32, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';
import { ZERO_KEY } from './ncp-state';

const NodeType = { Unknown: 0, Coordinator: 1 } as const;
const NetworkStatus = { NoNetwork: 0, Joined: 2 } as const;
const ALL_CHANNELS = 0x07fff800;
const MAC_ASSOCIATION = 0;

export const stackStatus = (ctx: NcpContext, status: number): void => ctx.callback(FrameId.StackStatusHandler, statusOnly(status));

function networkUp(ctx: NcpContext): void {
  ctx.ram.networkUp = true;
  stackStatus(ctx, SlStatus.NetworkUp);
}

export const networkHandlers: Record<number, CommandHandler> = {
  [FrameId.NetworkInit]: (ctx, r) => {
    r.u16(); // init bitmask: parent info in token, end-device rejoin on reboot (nothing to do for a coordinator)
    if (ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    if (!ctx.tokens.network) return statusOnly(SlStatus.NotJoined);
    networkUp(ctx);
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.NetworkState]: (ctx) => Uint8Array.of(ctx.ram.networkUp ? NetworkStatus.Joined : NetworkStatus.NoNetwork),
  [FrameId.FormNetwork]: (ctx, r) => {
    const extendedPanId = Buffer.from(r.take(8)).toString('hex');
    const panId = r.u16();
    const txPower = r.u8();
    const channel = r.u8();
    r.u8(); // join method
    const nwkManagerId = r.u16();
    const nwkUpdateId = r.u8();
    readU32(r); // channel mask (the stack forms on `channel`)
    if (ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    if (channel < 11 || channel > 26) return statusOnly(SlStatus.InvalidParameter);
    const staged = ctx.ram.staged;
    // Forming without security state first is refused, as the stack does (no network key).
    if (!staged) return statusOnly(SlStatus.InvalidState);
    Object.assign(ctx.tokens, {
      network: { panId, extendedPanId, channel, txPower, nwkUpdateId, nwkManagerId },
      networkKey: staged.networkKey,
      networkKeySequence: staged.networkKeySequence,
      tcLinkKey: staged.tcLinkKey,
      securityBitmask: staged.bitmask,
    });
    if (!staged.keepFrameCounter) ctx.tokens.nwkFrameCounter = 0;
    ctx.changed();
    networkUp(ctx);
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.LeaveNetwork]: (ctx) => {
    if (!ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    ctx.ram.networkUp = false;
    Object.assign(ctx.tokens, { network: undefined, networkKey: ZERO_KEY, networkKeySequence: 0 });
    ctx.changed();
    stackStatus(ctx, SlStatus.NetworkDown);
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.GetNetworkParameters]: (ctx) => {
    const n = ctx.tokens.network;
    const w = u32(new ByteWriter(), n && ctx.ram.networkUp ? SlStatus.Ok : SlStatus.NotJoined).u8(
      n && ctx.ram.networkUp ? NodeType.Coordinator : NodeType.Unknown,
    );
    w.bytes(n ? Buffer.from(n.extendedPanId, 'hex') : new Uint8Array(8))
      .u16(n?.panId ?? 0xffff)
      .u8(ctx.ram.radioPower ?? n?.txPower ?? 0)
      .u8(n?.channel ?? 0);
    w.u8(MAC_ASSOCIATION)
      .u16(n?.nwkManagerId ?? 0)
      .u8(n?.nwkUpdateId ?? 0);
    return u32(w, ALL_CHANNELS).done();
  },
  [FrameId.PermitJoining]: (ctx, r) => {
    const duration = r.u8();
    if (!ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    // The coordinator's own association permit; the host's broadcast Mgmt_Permit_Joining_req opens the rest.
    stackStatus(ctx, duration > 0 ? SlStatus.NetworkOpened : SlStatus.NetworkClosed);
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.SetRadioPower]: (ctx, r) => {
    ctx.ram.radioPower = r.u8();
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.SetLogicalAndRadioChannel]: (ctx, r) => {
    const channel = r.u8();
    ctx.ram.interPanChannel = channel === ctx.tokens.network?.channel ? undefined : channel;
    return statusOnly(SlStatus.Ok);
  },
};
