import type { Destination } from '../network/types';

/** How a device sends a command of its own (a report, a button press, a Tuya MCU frame). */
export interface SendOptions {
  direction: 'toServer' | 'toClient';
  /** Explicit destinations; default: the endpoint's bindings for the cluster, else the coordinator. */
  to?: Destination[];
  disableDefaultResponse?: boolean;
  manufacturerCode?: number;
}
