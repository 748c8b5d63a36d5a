import type { DeviceDescription, ItemValue, Subdevice } from '@herdgate/shared/mqtt';

/** The persisted part of a light: what survives restarts of either process. */
export interface LightRow {
  id: string;
  uniqueid: string;
  ieee: string;
  endpoint: number;
  name: string;
  deleted: boolean;
}

/** A light in memory: its row plus what the bridge last said about the device and endpoint. */
export interface LightEntry {
  row: LightRow;
  device?: DeviceDescription;
  subdevice?: Subdevice;
  /** Current deCONZ `state` items (no `lastupdated`: lights do not carry it). */
  state: Record<string, ItemValue>;
  /** Brightness after power returns (deCONZ top-level `powerup`), where the light has one. */
  powerup?: number;
  /** Body form (no quotes); changes with every change of the light. */
  etag: string;
}

/** A light change as the models around lights (groups, events) need it. */
export type LightChange =
  | { kind: 'added'; entry: LightEntry }
  | { kind: 'state'; entry: LightEntry; before: Record<string, ItemValue> }
  | { kind: 'attr'; entry: LightEntry; before: Record<string, unknown> }
  | { kind: 'deleted'; entry: LightEntry };
