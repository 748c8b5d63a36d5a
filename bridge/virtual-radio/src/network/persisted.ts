/** The network's part of the radio state file. */
import type { Ieee } from './types';
import type { PooledDevice } from './registry';

export interface PersistedDevice {
  ieee: Ieee;
  nwk: number;
  model: string;
  online: boolean;
  parent: number;
  lqi: number;
  distance?: number;
  /** Absent: on the coordinator's channel. */
  channel?: number;
  snapshot: unknown;
  /** The catalogue entry of a device made from its descriptors (SimDevice.definition). */
  definition?: unknown;
}

export interface PersistedNetwork {
  devices: PersistedDevice[];
  pool: PooledDevice[];
}
