import type { DeviceDescription, EndpointState } from '@herdgate/shared/mqtt';

export const DDF_POLICIES = ['latest_prefer_stable', 'latest', 'pin', 'raw_json'] as const;
export type DdfPolicy = (typeof DDF_POLICIES)[number];

/** A device's DDF policy; `hash` only with `pin`. */
export interface PolicyRecord {
  policy: DdfPolicy;
  hash?: string;
}

/** An item of the Device object: its value and when it last changed (`yyyy-MM-ddTHH:mm:ssZ`). */
export interface StampedItem {
  value: unknown;
  lastupdated: string;
}

/** What the devices model keeps per device: the bridge's description plus item stamps. */
export interface DeviceEntry {
  description: DeviceDescription;
  /** Per sub-device uniqueid: `state/<item>` / `config/<item>` → stamped value. */
  items: Map<string, Map<string, StampedItem>>;
  /** Latest `lastupdated` (minute) seen in the device's endpoint states, for `lastseen`. */
  activity: string | null;
}

export type EndpointStates = (endpoint: number) => EndpointState | undefined;
