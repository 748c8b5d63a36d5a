/**
 * What the network needs from the radio's protocol front (deCONZ or Z-Stack): queues towards the
 * host and facts about the coordinator. Each front turns these into its own wire frames.
 */
import type { ApsConfirm, ApsIndication } from '../protocol/index';
import type { Ieee } from './types';

export type PendingConfirm = Omit<ApsConfirm, 'deviceState'>;
export type PendingIndication = Omit<ApsIndication, 'deviceState'>;

/** An inter-PAN frame (touchlink) a device sent to the coordinator, addressed by IEEE. */
export interface InterPanIndication {
  srcIeee: Ieee;
  /** The sender's PAN id (0xFFFF when it has none). */
  srcPanId: number;
  clusterId: number;
  asdu: Uint8Array;
  lqi: number;
}

export interface HostPort {
  confirm(confirm: PendingConfirm): void;
  indicate(indication: PendingIndication): void;
  /** A device left the network by itself (NWK leave). Fronts whose host hears leaves report it. */
  left?(nwk: number, ieee: Ieee): void;
  /** An inter-PAN answer (fronts without inter-PAN support never get one). */
  interPan?(indication: InterPanIndication): void;
}

export interface CoordinatorInfo {
  ieee(): Ieee;
  /** Extended PAN id as 8 wire bytes (little endian). */
  extendedPanId(): Uint8Array;
  /** Stored simple descriptors (param 0x13 values without the index byte), by endpoint number. */
  endpoints(): Map<number, Uint8Array>;
  /** The network's current channel and PAN id. */
  channel(): number;
  panId(): number;
}
