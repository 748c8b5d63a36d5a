/**
 * The ConBee II firmware's network parameters (READ/WRITE_PARAMETER ids, the `ZM_DID_*` data ids of
 * dresden elektronik's serial protocol) that this emulator answers, with their wire length, whether a
 * host may write them, and what a blank stick holds. Every id not listed here answers UNSUPPORTED,
 * as the firmware does for parameters it lacks. The indexed parameters (endpoint slots, network key,
 * link keys) and the network status are handled by the store itself.
 */
import { Param } from '../protocol/index';

export interface ParameterSpec {
  name: string;
  /** Exact value length on the wire. */
  length: number;
  writable: boolean;
  /** Little-endian value of a blank stick; the MAC for ids that start as the stick's own address. */
  blank: number | bigint | 'mac';
}

const ALL_CHANNELS = 0x07fff800;
/** Serial protocol version the emulator reports: 1.14, what a ConBee II on firmware 0x2672 answers. */
export const PROTOCOL_VERSION = 0x010e;
/** "High security, no master key, trust-centre link key": what a ConBee coordinator runs with. */
export const SECURITY_MODE_TC_LINK_KEY = 3;

export const PARAMETERS: ReadonlyMap<number, ParameterSpec> = new Map<number, ParameterSpec>([
  [Param.MacAddress, { name: 'MAC_ADDRESS', length: 8, writable: true, blank: 'mac' }],
  [Param.NwkPanId, { name: 'NWK_PANID', length: 2, writable: true, blank: 0 }],
  // The NIB default: no short address until a network is formed.
  [Param.NwkNetworkAddress, { name: 'NWK_NETWORK_ADDRESS', length: 2, writable: true, blank: 0xffff }],
  // The running network's extended PAN id: set by formation, 0 without a network.
  [Param.NwkExtendedPanId, { name: 'NWK_EXTENDED_PANID', length: 8, writable: false, blank: 0n }],
  [Param.ApsDesignedCoordinator, { name: 'APS_DESIGNED_COORDINATOR', length: 1, writable: true, blank: 1 }],
  [Param.ApsChannelMask, { name: 'APS_CHANNEL_MASK', length: 4, writable: true, blank: ALL_CHANNELS }],
  // 0 means "use my own IEEE address as the extended PAN id when forming".
  [Param.ApsUseExtendedPanId, { name: 'APS_USE_EXTENDED_PANID', length: 8, writable: true, blank: 0n }],
  [Param.ApsUseInsecureJoin, { name: 'APS_USE_INSECURE_JOIN', length: 1, writable: true, blank: 1 }],
  [Param.ApsTrustCenterAddress, { name: 'APS_TRUST_CENTER_ADDRESS', length: 8, writable: true, blank: 'mac' }],
  [Param.SecurityMode, { name: 'STK_SECURITY_MODE', length: 1, writable: true, blank: SECURITY_MODE_TC_LINK_KEY }],
  [Param.PredefinedPanId, { name: 'STK_PREDEFINED_PANID', length: 1, writable: true, blank: 0 }],
  [Param.StaticNetworkAddress, { name: 'STK_STATIC_NETWORK_ADDRESS', length: 1, writable: true, blank: 0 }],
  // 0 tells drivers (and deCONZ, which logs "invalid current channel 0") that no network is formed.
  [Param.CurrentChannel, { name: 'STK_CURRENT_CHANNEL', length: 1, writable: false, blank: 0 }],
  [Param.PermitJoin, { name: 'STK_PERMIT_JOIN', length: 1, writable: true, blank: 0 }],
  [Param.ProtocolVersion, { name: 'STK_PROTOCOL_VERSION', length: 2, writable: false, blank: PROTOCOL_VERSION }],
  [Param.NwkUpdateId, { name: 'STK_NWK_UPDATE_ID', length: 1, writable: true, blank: 0 }],
  [Param.WatchdogTtl, { name: 'DEV_WATCHDOG_TTL', length: 4, writable: true, blank: 0 }],
  [Param.FrameCounter, { name: 'STK_FRAME_COUNTER', length: 4, writable: true, blank: 0 }],
  // Bit 0 set: Node_Desc_req to the coordinator goes to the host instead of being answered (kept, not acted on).
  [Param.ZdpResponseHandling, { name: 'STK_NO_ZDP_RESPONSE', length: 2, writable: true, blank: 0 }],
]);

/** Endpoint slots of a ConBee II (index 0 and 1; index 2 answers UNSUPPORTED on a real stick). */
export const ENDPOINT_SLOTS = 2;
/** Clusters per direction one slot can hold (the firmware's limit, which deCONZ respects). */
export const MAX_SLOT_CLUSTERS = 9;
/**
 * A blank stick's slots, `index, endpoint, profile, device, version, in count, out count`: slot 1 is
 * dresden elektronik's own endpoint 0x50 (profile 0xDE00), as read from a stick no host had set up;
 * slot 0 is taken to be a bare Home Automation endpoint 1 (its factory content is not published).
 */
export const BLANK_ENDPOINTS: readonly Uint8Array[] = [
  Uint8Array.of(0x00, 0x01, 0x04, 0x01, 0x05, 0x00, 0x01, 0x00, 0x00),
  Uint8Array.of(0x01, 0x50, 0x00, 0xde, 0x01, 0x00, 0x01, 0x00, 0x00),
];

/** The trust centre's global link key a blank stick holds: "ZigBeeAlliance09". */
export const DEFAULT_TC_LINK_KEY = new TextEncoder().encode('ZigBeeAlliance09');

export function blankValue(spec: ParameterSpec, mac: Uint8Array): Uint8Array {
  if (spec.blank === 'mac') return mac.slice();
  const out = new Uint8Array(spec.length);
  let value = BigInt(spec.blank);
  for (let i = 0; i < spec.length; i += 1, value >>= 8n) out[i] = Number(value & 0xffn);
  return out;
}
