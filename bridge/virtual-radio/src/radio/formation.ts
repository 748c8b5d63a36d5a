/**
 * What the ConBee firmware does when the host asks for the network state "connected": it starts
 * (forms, or restarts) a network from the configured parameters and publishes the running network's
 * facts in the read-only parameters. A designed coordinator forms; a stick configured as a router
 * would search for a network to join, and the simulation has none, so it stays offline.
 */
import { randomBytes } from 'node:crypto';
import { Param } from '../protocol/index';
import { quietestChannel } from '../network/energy-scan';
import type { ParameterStore } from './parameter-store';

const u16 = (v: number) => Uint8Array.of(v & 0xff, v >> 8);
const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);

export type FormationOutcome = { ok: true; channel: number; panId: number } | { ok: false; reason: string };

/**
 * Starts the network. The channel stays where it is if the mask still allows it (a restart), else the
 * quietest channel of the mask; the PAN id is the configured one when STK_PREDEFINED_PANID is set
 * (or a network already runs), else a random one; the extended PAN id is APS_USE_EXTENDED_PANID, or
 * the stick's own IEEE when that is 0; a zero network key is replaced by a random one.
 */
export function startNetwork(params: ParameterStore, random: (size: number) => Uint8Array = randomBytes): FormationOutcome {
  if (params.number(Param.ApsDesignedCoordinator) !== 1) return { ok: false, reason: 'not a designed coordinator: no network to join' };
  const mask = params.number(Param.ApsChannelMask);
  const running = params.number(Param.CurrentChannel);
  const channel = running !== 0 && (mask >>> running) & 1 ? running : quietestChannel(mask);
  if (channel === 0) return { ok: false, reason: 'channel mask holds no 2.4 GHz channel' };
  let panId = params.number(Param.NwkPanId);
  if ((params.number(Param.PredefinedPanId) !== 1 && running === 0) || panId === 0 || panId >= 0xfff8) {
    const r = random(2);
    panId = ((r[0] | (r[1] << 8)) % 0xfff6) + 1;
  }
  const useExtended = params.value(Param.ApsUseExtendedPanId);
  params.set(Param.NwkExtendedPanId, isZero(useExtended) ? params.value(Param.MacAddress) : useExtended);
  params.set(Param.CurrentChannel, Uint8Array.of(channel));
  params.set(Param.NwkPanId, u16(panId));
  params.set(Param.NwkNetworkAddress, u16(0x0000));
  const key = params.value(Param.NetworkKey);
  if (isZero(key.subarray(1))) params.set(Param.NetworkKey, Uint8Array.from([0, ...random(16)]));
  return { ok: true, channel, panId };
}
