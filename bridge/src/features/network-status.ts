import type { BridgeInfo } from '@herdgate/shared/mqtt';
import type { RadioStart } from '../zigbee/index';

/**
 * What the network is and does, as the controller's `info()` reports it: kept apart from the
 * operations (network-control.ts) that change it, since every feature's deps carry it.
 */
export type NetworkStateName = NonNullable<BridgeInfo['network_state']>;

/** Mutable facts the controller's `info()` reads. */
export interface NetworkStatus {
  started: RadioStart;
  state: NetworkStateName;
  options: { group_delay_ms: number; ota: boolean; light_lastseen_s: number };
}

/** Flashes the radio where that is safe (the virtual radio); absent for real adapters. */
export interface FirmwareUpdater {
  update(): Promise<void>;
}
