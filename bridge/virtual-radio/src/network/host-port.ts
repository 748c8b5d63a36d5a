/**
 * What the network needs from the radio: queues towards the host and facts about the coordinator.
 * The radio fills in the device-state byte when the host reads a confirm or indication.
 */
import type { ApsConfirm, ApsIndication } from '../protocol/index';
import type { Ieee } from './types';

export type PendingConfirm = Omit<ApsConfirm, 'deviceState'>;
export type PendingIndication = Omit<ApsIndication, 'deviceState'>;

export interface HostPort {
  confirm(confirm: PendingConfirm): void;
  indicate(indication: PendingIndication): void;
}

export interface CoordinatorInfo {
  ieee(): Ieee;
  /** Extended PAN id as 8 wire bytes (little endian). */
  extendedPanId(): Uint8Array;
  /** Stored simple descriptors (param 0x13 values without the index byte), by endpoint number. */
  endpoints(): Map<number, Uint8Array>;
}
