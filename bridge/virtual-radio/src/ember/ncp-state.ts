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
  /** APS link keys by index (key table): IEEE and key. */
  keyTable: { ieee: string; key: string }[];
}

export const ZERO_KEY = '0'.repeat(32);

export const blankTokens = (eui64: string): PersistedEmber => ({
  eui64, networkKey: ZERO_KEY, networkKeySequence: 0, tcLinkKey: ZERO_KEY, nwkFrameCounter: 0, apsFrameCounter: 0, keyTable: [],
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
  /** Transient link keys for joining devices, by IEEE (all-zero IEEE: any device). */
  transientKeys: Map<string, string>;
  /** Security state staged by setInitialSecurityState for the next formNetwork. */
  staged?: { networkKey: string; networkKeySequence: number; tcLinkKey: string; keepFrameCounter: boolean };
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
  config: new Map(), policies: new Map(), values: new Map(), endpoints: new Map(), multicast: new Map(), transientKeys: new Map(), routes: new Map(),
  networkUp: false, manufacturerCode: 0x1049,
});
