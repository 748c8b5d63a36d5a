/**
 * The network information base (NV item 0x0021) in the CC26xx ("aligned") layout herdsman expects:
 * 116 bytes, 16/32-bit members on even offsets. Only the members herdsman reads or rewrites have
 * meaning here; the rest are kept as the host wrote them.
 */
export const NIB_LENGTH = 116;

const At = { securityLevel: 12, nwkDevAddress: 22, logicalChannel: 24, panId: 36, nwkState: 38, channelList: 40, extendedPanId: 57, updateId: 114 } as const;

export interface NibFacts {
  panId: number;
  channel: number;
  channelList: number;
  /** Extended PAN id as stored (8 bytes little endian, the same bytes as NV item 0x002D). */
  extendedPanId: Uint8Array;
  updateId: number;
}

export function buildNib(facts: NibFacts, base?: Uint8Array): Uint8Array {
  const nib = base && base.length === NIB_LENGTH ? base.slice() : new Uint8Array(NIB_LENGTH);
  const view = new DataView(nib.buffer, nib.byteOffset, nib.byteLength);
  if (!base) {
    nib[At.securityLevel] = 5;
    view.setUint16(At.nwkDevAddress, 0, true);
  }
  nib[At.logicalChannel] = facts.channel;
  view.setUint16(At.panId, facts.panId, true);
  nib[At.nwkState] = 1;
  view.setUint32(At.channelList, facts.channelList >>> 0, true);
  nib.set(facts.extendedPanId.subarray(0, 8), At.extendedPanId);
  nib[At.updateId] = facts.updateId;
  return nib;
}

export function readNib(nib: Uint8Array): NibFacts {
  const view = new DataView(nib.buffer, nib.byteOffset, nib.byteLength);
  return {
    panId: view.getUint16(At.panId, true),
    channel: nib[At.logicalChannel],
    channelList: view.getUint32(At.channelList, true),
    extendedPanId: nib.slice(At.extendedPanId, At.extendedPanId + 8),
    updateId: nib[At.updateId],
  };
}

/** The lowest channel in a channel mask (Σ 1 << ch), 11 when the mask names none. */
export function firstChannel(mask: number): number {
  for (let ch = 11; ch <= 26; ch++) if (mask & (1 << ch)) return ch;
  return 11;
}
