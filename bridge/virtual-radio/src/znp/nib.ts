/**
 * The network information base (NV item 0x0021) in the CC26xx ("aligned") layout: 116 bytes, 16/32-bit
 * members on even offsets. A NIB built at formation carries Z-Stack 3.x's defaults for the members
 * no host changes (timeouts, depth, concentrator settings) and says the network is up: state
 * NWK_ROUTER (a running coordinator) with its key loaded. A NIB a host wrote is kept byte for byte
 * except the members a channel change moves.
 */
export const NIB_LENGTH = 116;

const At = {
  passiveAckTimeout: 1,
  maxBroadcastRetries: 2,
  maxDepth: 4,
  broadcastDeliveryTime: 7,
  secureAllFrames: 11,
  securityLevel: 12,
  symLink: 13,
  capabilityFlags: 14,
  transactionPersistenceTime: 16,
  protocolVersion: 18,
  routeDiscoveryTime: 19,
  routeExpiryTime: 20,
  nwkDevAddress: 22,
  logicalChannel: 24,
  coordAddress: 26,
  panId: 36,
  nwkState: 38,
  channelList: 40,
  beaconOrder: 44,
  superFrameOrder: 45,
  extendedPanId: 57,
  keyLoaded: 65,
  linkStatusPeriod: 102,
  routerAgeLimit: 103,
  isConcentrator: 105,
  concentratorDiscoveryTime: 106,
  concentratorRadius: 107,
  allFresh: 108,
  managerAddr: 110,
  updateId: 114,
} as const;

/** nwkState of a coordinator whose network is running. */
export const NWK_ROUTER = 8;

/** Byte members of a freshly formed NIB, as Z-Stack 3.x on a CC2652 writes them. */
const FORMED_BYTES: ReadonlyArray<readonly [number, number]> = [
  [At.passiveAckTimeout, 5],
  [At.maxBroadcastRetries, 2],
  [At.maxDepth, 20],
  [At.broadcastDeliveryTime, 30],
  [At.secureAllFrames, 1],
  [At.securityLevel, 5],
  [At.symLink, 1],
  [At.capabilityFlags, 0x8f],
  [At.transactionPersistenceTime, 7],
  [At.protocolVersion, 2],
  [At.routeDiscoveryTime, 5],
  [At.routeExpiryTime, 30],
  [At.beaconOrder, 15],
  [At.superFrameOrder, 15],
  [At.nwkState, NWK_ROUTER],
  [At.keyLoaded, 1],
  [At.linkStatusPeriod, 60],
  [At.routerAgeLimit, 3],
  [At.isConcentrator, 1],
  [At.concentratorDiscoveryTime, 120],
  [At.concentratorRadius, 10],
  [At.allFresh, 1],
];

export interface NibFacts {
  panId: number;
  channel: number;
  channelList: number;
  /** Extended PAN id as stored (8 bytes little endian, the same bytes as NV item 0x002D). */
  extendedPanId: Uint8Array;
  updateId: number;
}

/** The NIB of a network just formed by this coordinator (short address 0x0000, manager 0x0000). */
export function formedNib(facts: NibFacts): Uint8Array {
  const nib = new Uint8Array(NIB_LENGTH);
  for (const [offset, value] of FORMED_BYTES) nib[offset] = value;
  return withFacts(nib, facts);
}

/** `nib` with the given channel, PAN, channel list, extended PAN id and update id. */
export function withFacts(base: Uint8Array, facts: NibFacts): Uint8Array {
  const nib = base.slice();
  const view = new DataView(nib.buffer, nib.byteOffset, nib.byteLength);
  nib[At.logicalChannel] = facts.channel;
  view.setUint16(At.panId, facts.panId, true);
  view.setUint32(At.channelList, facts.channelList >>> 0, true);
  nib.set(facts.extendedPanId.subarray(0, 8), At.extendedPanId);
  nib[At.updateId] = facts.updateId;
  return nib;
}

export function readNib(nib: Uint8Array): NibFacts & { nwkState: number; keyLoaded: boolean } {
  const view = new DataView(nib.buffer, nib.byteOffset, nib.byteLength);
  return {
    panId: view.getUint16(At.panId, true),
    channel: nib[At.logicalChannel],
    channelList: view.getUint32(At.channelList, true),
    extendedPanId: nib.slice(At.extendedPanId, At.extendedPanId + 8),
    updateId: nib[At.updateId],
    nwkState: nib[At.nwkState],
    keyLoaded: nib[At.keyLoaded] === 1,
  };
}

/** The lowest channel in a channel mask (Σ 1 << ch), 11 when the mask names none. */
export function firstChannel(mask: number): number {
  for (let ch = 11; ch <= 26; ch++) if (mask & (1 << ch)) return ch;
  return 11;
}
