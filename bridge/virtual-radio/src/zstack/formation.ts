/**
 * BDB network formation, start-up from NV and the soft reset, as Z-Stack 3.x runs them. A blank or
 * wiped coordinator forms a network from its configuration items (PAN 0xFFFF: one of its own
 * choosing; the extended PAN from APS_USE_EXT_PANID, else its IEEE; the lowest channel of the BDB
 * primary set) and reports each step with AppConfig.BDBCommissioningNotification. One that is on a
 * network (BDBNODEISONANETWORK = 1) resumes it instead, keeping the network record and keys the host
 * wrote, and answers a formation request with "formation failure" as the firmware does.
 */
import { firstChannel, formedNib } from '../znp/index';
import type { Fields } from '../znp/index';
import { DeviceState, RESET_IND, freshRam } from './firmware-state';
import type { FirmwareContext } from './firmware-state';
import { NvItem, SECURITY_MATERIAL_TABLE } from './nv-store';

const StartupOption = { ClearConfig: 0x01, ClearState: 0x02 } as const;
const BdbStatus = { Success: 0x00, InProgress: 0x01, FormationFailure: 0x08, NetworkRestored: 0x0d } as const;
/** The notification numbers the BDB step it reports; RemainingModes is the request's bit mask. */
const BdbStep = { Initialization: 0x00, Formation: 0x02 } as const;
const MODE_FORMATION = 0x04;
const KEY_DESCRIPTOR_LENGTH = 17;

type Handler = (ctx: FirmwareContext, req: Fields) => Fields | undefined;
const n = (value: unknown) => value as number;
const u16 = (bytes: Uint8Array | undefined) => (bytes && bytes.length >= 2 ? bytes[0] | (bytes[1] << 8) : 0xffff);
const u32 = (bytes: Uint8Array | undefined) => (bytes && bytes.length >= 4 ? (bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24)) >>> 0 : 0);
const le32 = (value: number) => Uint8Array.of(value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24);

const notify = (ctx: FirmwareContext, status: number, mode: number, remainingmodes: number) =>
  ctx.areq('bdbCommissioningNotification', { status, mode, remainingmodes });

export const onNetwork = (ctx: FirmwareContext): boolean => ctx.nv.get(NvItem.BdbNodeIsOnANetwork)?.[0] === 1 && ctx.nv.get(NvItem.Nib) !== undefined;

/** A PAN id the coordinator picks itself when asked for 0xFFFF (never 0x0000 or the broadcast range). */
const pickPanId = () => 1 + Math.floor(Math.random() * 0xfff6);

/** Builds the network record and keys from the configuration items, as formation does. */
export function formNetwork(ctx: FirmwareContext, mask: number): void {
  const { nv } = ctx;
  const requested = u16(nv.get(NvItem.PanId));
  const panId = requested === 0xffff ? pickPanId() : requested;
  const configured = nv.get(NvItem.ApsUseExtPanId);
  const extendedPanId = configured?.some((b) => b !== 0) ? configured.slice(0, 8) : nv.get(NvItem.ExtAddr)!.slice();
  const channel = firstChannel(mask);
  nv.set(NvItem.Nib, formedNib({ panId, channel, channelList: mask, extendedPanId, updateId: 0 }));
  nv.set(NvItem.PanId, Uint8Array.of(panId & 0xff, panId >> 8));
  nv.set(NvItem.ExtendedPanId, extendedPanId);
  nv.set(NvItem.ChanList, le32(mask));
  const keyInfo = new Uint8Array(KEY_DESCRIPTOR_LENGTH);
  keyInfo.set((nv.get(NvItem.PrecfgKey) ?? new Uint8Array(16)).subarray(0, 16), 1);
  nv.set(NvItem.ActiveKeyInfo, keyInfo);
  nv.set(NvItem.AlternKeyInfo, keyInfo);
  const keyItems = new Uint8Array(24); // key descriptor, padding, outgoing frame counter 0
  keyItems.set(keyInfo);
  nv.set(NvItem.NwkKey, keyItems);
  const material = new Uint8Array(12); // frame counter u32, extended PAN id
  material.set(extendedPanId, 4);
  nv.createEntry(1, SECURITY_MATERIAL_TABLE, 0, material.length);
  nv.writeEntry(1, SECURITY_MATERIAL_TABLE, 0, 0, material);
  nv.set(NvItem.BdbNodeIsOnANetwork, Uint8Array.of(1));
  nv.set(NvItem.StartupOption, Uint8Array.of(0));
  ctx.log('network-formed', { channel, panId });
}

function comeUp(ctx: FirmwareContext, starting: boolean): void {
  ctx.ram.deviceState = DeviceState.Coordinator;
  if (starting) ctx.areq('stateChangeInd', { state: DeviceState.CoordStarting });
  ctx.areq('stateChangeInd', { state: DeviceState.Coordinator });
  ctx.changed();
}

function startFormation(ctx: FirmwareContext): void {
  const firstRun = !ctx.ram.bdbInitialized;
  ctx.ram.bdbInitialized = true;
  if (onNetwork(ctx)) {
    if (firstRun) {
      comeUp(ctx, false);
      notify(ctx, BdbStatus.NetworkRestored, BdbStep.Initialization, MODE_FORMATION);
    }
    return notify(ctx, BdbStatus.FormationFailure, BdbStep.Formation, 0);
  }
  const mask = ctx.ram.primaryChannels || ctx.ram.secondaryChannels || u32(ctx.nv.get(NvItem.ChanList));
  if (!mask) return notify(ctx, BdbStatus.FormationFailure, BdbStep.Formation, 0);
  ctx.areq('stateChangeInd', { state: DeviceState.CoordStarting });
  notify(ctx, BdbStatus.InProgress, BdbStep.Formation, MODE_FORMATION);
  formNetwork(ctx, mask);
  comeUp(ctx, false);
  notify(ctx, BdbStatus.Success, BdbStep.Formation, 0);
}

/**
 * A soft reset: RAM state is gone; STARTUP_OPTION, if set, wipes the network state (bit 1) and the
 * configuration (bit 0) once and is cleared; missing standard items are re-created.
 */
function reset(ctx: FirmwareContext): void {
  const { nv } = ctx;
  const option = nv.get(NvItem.StartupOption)?.[0] ?? 0;
  if (option & StartupOption.ClearState) {
    for (const id of [NvItem.Nib, NvItem.ActiveKeyInfo, NvItem.AlternKeyInfo, NvItem.NwkKey]) nv.delete(id);
    nv.set(NvItem.BdbNodeIsOnANetwork, Uint8Array.of(0));
  }
  if (option & StartupOption.ClearConfig) {
    nv.defaultConfig();
    nv.delete(NvItem.HasConfigured);
  }
  if (option) nv.set(NvItem.StartupOption, Uint8Array.of(0));
  nv.createMissing();
  Object.assign(ctx.ram, freshRam());
  ctx.changed();
  ctx.log('reset', { option });
  ctx.areq('resetInd', { ...RESET_IND });
}

export const formationHandlers = {
  resetReq: (ctx) => {
    reset(ctx);
    return undefined;
  },
  bdbSetChannel: (ctx, req) => {
    if (n(req.isPrimary)) ctx.ram.primaryChannels = n(req.channel);
    else ctx.ram.secondaryChannels = n(req.channel);
    return { status: 0 };
  },
  bdbStartCommissioning: (ctx, req) => {
    if (n(req.mode) & MODE_FORMATION) startFormation(ctx);
    return { status: 0 };
  },
  // Brings up the network in NV (status 0), or forms one from the configuration (status 1).
  startupFromApp: (ctx) => {
    const restored = ctx.nv.get(NvItem.Nib) !== undefined;
    if (!restored) formNetwork(ctx, ctx.ram.primaryChannels || u32(ctx.nv.get(NvItem.ChanList)) || 1 << 11);
    ctx.ram.bdbInitialized = true;
    comeUp(ctx, true);
    return { status: restored ? 0 : 1 };
  },
} satisfies Record<string, Handler>;
