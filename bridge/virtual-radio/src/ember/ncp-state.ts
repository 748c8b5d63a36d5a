/**
 * What the emulated EmberZNet NCP keeps: tokens in flash (the network it formed, its keys and frame
 * counters, the chip's EUI64; persisted in the state file) and RAM that a reset loses (the EZSP
 * version agreed, configuration values, policies, endpoints, the multicast table, transient keys,
 * whether the network is up).
 */

/** EmberZNet 8.0.2.0 GA, which speaks EZSP 14 (the first protocol with 32-bit SLStatus codes). */
export const NCP_VERSION = { protocol: 14, stackType: 2, stackVersion: 0x8020, build: 0, major: 8, minor: 0, patch: 2, special: 0, type: 0xaa } as const;

export interface PersistedEmber {
  eui64: string;
  /** Present once a network was formed (and until the host leaves it). */
  network?: {
    panId: number;
    /** 16 hex digits, wire order. */
    extendedPanId: string;
    channel: number;
    txPower: number;
    nwkUpdateId: number;
    nwkManagerId: number;
  };
  /** 32 hex digits each. */
  networkKey: string;
  networkKeySequence: number;
  tcLinkKey: string;
  nwkFrameCounter: number;
  apsFrameCounter: number;
  /** APS link keys by index (the key table; null: an empty slot). */
  keyTable: (KeyEntry | null)[];
  /** The alternate network key (a key switch's next key, or one the host imported at index 1). */
  alternateKey?: string;
  /** The bitmask of the initial security state the network was formed with. */
  securityBitmask?: number;
  /** End devices that joined with the coordinator as their parent, by child table index. */
  children?: (ChildEntry | null)[];
  /** An EUI64 restored from another stick's tokens: the NCP uses it instead of its own. */
  restoredEui64?: string;
  /** How often the NCP booted (the boot counter token). */
  bootCounter?: number;
  /** Token data the host wrote that the NCP keeps as raw bytes, by `nvm3Key:index` (hex). */
  rawTokens?: Record<string, string>;
}

export interface KeyEntry {
  ieee: string;
  key: string;
  outgoing?: number;
  incoming?: number;
}
/** EmberNodeType of a child: 3 end device, 4 sleepy end device. */
export interface ChildEntry {
  ieee: string;
  nwk: number;
  type: number;
}

/** Table sizes of this image (EzspConfigId KEY_TABLE_SIZE, MAX_END_DEVICE_CHILDREN defaults). */
export const KEY_TABLE_SIZE = 12;
export const CHILD_TABLE_SIZE = 32;

export const ZERO_KEY = '0'.repeat(32);

export const blankTokens = (eui64: string): PersistedEmber => ({
  eui64,
  networkKey: ZERO_KEY,
  networkKeySequence: 0,
  tcLinkKey: ZERO_KEY,
  nwkFrameCounter: 0,
  apsFrameCounter: 0,
  keyTable: [],
});

export interface NcpRam {
  /** The EZSP version the host agreed to; undefined until the first `version` command. */
  protocol?: number;
  config: Map<number, number>;
  policies: Map<number, number>;
  values: Map<number, Uint8Array>;
  /** Simple descriptors by endpoint: endpoint, profile, device, version, in/out cluster lists. */
  endpoints: Map<number, Uint8Array>;
  multicast: Map<number, { group: number; endpoint: number }>;
  /** Transient link keys for joining devices, by IEEE (all-zero IEEE: any device), with when they were added. */
  transientKeys: Map<string, { key: string; addedAt: number }>;
  /** Security state staged by setInitialSecurityState for the next formNetwork. */
  staged?: { networkKey: string; networkKeySequence: number; tcLinkKey: string; keepFrameCounter: boolean; bitmask: number };
  networkUp: boolean;
  manufacturerCode: number;
  radioPower?: number;
  /** Source routes learnt from route records: device NWK → its relay (parent). */
  routes: Map<number, number>;
  /** A network key sent ahead of a key switch. */
  nextNetworkKey?: string;
  /** Channel the radio is tuned to for inter-PAN (touchlink), when not the network's. */
  interPanChannel?: number;
}

export const freshRam = (): NcpRam => ({
  config: new Map(),
  policies: new Map(),
  values: new Map(),
  endpoints: new Map(),
  multicast: new Map(),
  transientKeys: new Map(),
  routes: new Map(),
  networkUp: false,
  manufacturerCode: 0x1049,
});
