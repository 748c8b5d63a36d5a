/**
 * What the emulated Z-Stack firmware holds in RAM (lost on a reset, kept across TCP reconnects) next
 * to its NV memory, and the facts it reports about itself.
 */
import type { ApsRequest } from '../protocol/index';
import type { Fields, MtCommandName } from '../znp/index';
import type { InterPanRequest } from '../network/touchlink';
import type { NvStore } from './nv-store';

/** Z-Stack 3.x.0 on a CC2652 (product 1), firmware 20240710: LED and assoc features per herdsman's gates. */
export const ZNP_VERSION = { transportrev: 2, product: 1, majorrel: 2, minorrel: 7, maintrel: 1, revision: 20240710 } as const;
export const RESET_IND = { reason: 0, transportrev: 2, productid: 1, majorrel: 2, minorrel: 7, hwrev: 1 } as const;
/**
 * SYS.Ping's MT capabilities, one bit per subsystem the image carries: SYS 0, AF 3, ZDO 4, UTIL 6,
 * GP 9, APP_CNF 10 (0x0659, what a CC2652 coordinator image answers; drivers read APP_CNF as "Z-Stack 3").
 */
export const CAPABILITY_SUBSYSTEMS: ReadonlyMap<number, number> = new Map([
  [0, 1],
  [3, 4],
  [4, 5],
  [6, 7],
  [9, 21],
  [10, 15],
]);
export const ZNP_CAPABILITIES = [...CAPABILITY_SUBSYSTEMS.keys()].reduce((bits, bit) => bits | (1 << bit), 0);

export const DeviceState = { Hold: 0, CoordStarting: 8, Coordinator: 9 } as const;

export interface FirmwareRam {
  deviceState: number;
  /** AF registrations: simple descriptor bytes (endpoint first) by endpoint. */
  endpoints: Map<number, Uint8Array>;
  /** ZDO groups of the coordinator's own endpoints, `ep:group`. */
  groups: Set<string>;
  /** Channel the inter-PAN radio is tuned to, while a touchlink operation runs. */
  interPanChannel?: number;
  /** BDB channel sets from bdbSetChannel (0 = not set since the reset). */
  primaryChannels: number;
  secondaryChannels: number;
  /** BDB's initialization (restoring a network from NV) runs once per power cycle. */
  bdbInitialized: boolean;
  /** ZDO clusters the host registered for ZDO.MsgCbIncoming (0xFFFF = all). */
  zdoCallbacks: Set<number>;
}

export const freshRam = (): FirmwareRam => ({
  deviceState: DeviceState.Hold,
  endpoints: new Map(),
  groups: new Set(),
  primaryChannels: 0,
  secondaryChannels: 0,
  bdbInitialized: false,
  zdoCallbacks: new Set(),
});

export interface FirmwareContext {
  nv: NvStore;
  ram: FirmwareRam;
  /** Queues an AREQ to the host (after the SRSP of the command being handled). */
  areq(name: MtCommandName, fields: Fields): void;
  /** Routes a request into the simulated network. */
  route(request: ApsRequest): void;
  interPan(request: InterPanRequest): void;
  /** Persisted state changed. */
  changed(): void;
  log(event: string, detail?: Record<string, unknown>): void;
}
