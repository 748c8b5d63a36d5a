import type { AlarmStatePayload, ArmResult } from '@herdgate/shared/mqtt';
/**
 * The narrow face of the radio that the rest of the bridge sees. Nothing here mentions a herdsman
 * or converters type: features get plain data, and converter state in zigbee2mqtt vocabulary
 * (state, brightness, color_temp, color{x,y}, temperature, action…).
 */
import type { AdapterName } from '../config';

export type InterviewStatus = 'pending' | 'in_progress' | 'successful' | 'failed';
export type LogicalType = 'Coordinator' | 'Router' | 'EndDevice' | 'Unknown';
export type ConverterState = Record<string, unknown>;

export interface EndpointInfo {
  id: number;
  profileId?: number;
  deviceId?: number;
  inputClusters: number[];
  outputClusters: number[];
  /** Bindings on this endpoint (to the coordinator or a group) with the reporting configured. */
  bindings?: BindingInfo[];
}

export interface BindingInfo {
  cluster: number;
  /** Set when the binding targets a group; otherwise it targets an endpoint (the coordinator). */
  group?: number;
  reporting: Array<{ attribute: number; min: number; max: number; change?: number | string }>;
}

/** One entry of the converters' `exposes`, as plain JSON (type, name, property, endpoint, features…). */
export type ExposeJson = Record<string, unknown> & { type: string };

export interface DefinitionInfo {
  model: string;
  vendor: string;
  description: string;
  exposes: ExposeJson[];
  /** Endpoint names the definition uses (e.g. { l1: 1, l2: 2 }), empty when single-endpoint. */
  endpointNames: Record<string, number>;
  /**
   * The definition as Zigbee2MQTT shows it: the converters' own exposes (without the ones the
   * bridge adds for deCONZ items), the options and whether it has an OTA handler.
   */
  z2m?: {
    exposes: ExposeJson[];
    /** Keys its converters may report that `exposes` leaves out (Zigbee2MQTT publishes them all the same). */
    reported?: string[];
    options: ExposeJson[];
    supportsOta: boolean;
    source: 'native' | 'generated';
    version?: string;
  };
}

export interface ZigbeeDevice {
  /** herdsman form: 0x + 16 lower-case hex digits. */
  ieee: string;
  nwk: number;
  type: LogicalType;
  manufacturerName?: string;
  modelId?: string;
  swBuildId?: string;
  dateCode?: string;
  powerSource?: string;
  interview: InterviewStatus;
  lastSeen?: number;
  /** Link quality of the last frame herdsman heard from the device. */
  linkquality?: number;
  endpoints: EndpointInfo[];
  /** Undefined until interviewed, or when the converters know no definition. */
  definition?: DefinitionInfo;
}

export interface CoordinatorInfo {
  ieee: string;
  type: string;
  firmware: string;
  devicename?: string;
}

export interface NetworkInfo {
  channel: number;
  panid: number;
  extpanid: string;
}

import type { Touchlink } from './touchlink';
import type { DeviceOta, OtaEventMap } from './ota/types';
import type { OtaSettings } from './ota/device-ota';
export type * from './ota/types';
export type { OtaSettings } from './ota/device-ota';

export interface ZigbeeEventMap extends OtaEventMap {
  deviceJoined: { ieee: string };
  deviceInterview: { ieee: string; status: 'started' | 'successful' | 'failed' };
  deviceAnnounce: { ieee: string };
  deviceLeave: { ieee: string };
  /** Converter state produced by a message from `endpoint` (merged keys, z2m vocabulary). */
  /** `bridgeKeys`: keys of `state` the bridge made itself rather than the device's converters. */
  deviceState: { ieee: string; endpoint: number; state: ConverterState; linkquality?: number; lastSeen?: number; bridgeKeys?: string[] };
  /** A device transmitted something (for availability). */
  deviceSeen: { ieee: string; at: number };
  /** A device sent a ZCL command to a group (a remote bound to it): `command` is herdsman's name. */
  groupCommand: { ieee: string; endpoint: number; group: number; cluster: string; command: string; payload: Record<string, unknown> };
  permitJoinChanged: { permitted: boolean; remaining: number };
  adapterDisconnected: Record<string, never>;
}

export interface RadioOptions {
  adapter: AdapterName;
  path: string;
  channel: number;
  dataDir: string;
  /** Install the deCONZ driver fast path (deconz-kick.ts); ignored for other adapters. */
  deconzFastPath: boolean;
  /** How many interviews run at once (interview-pacing.ts); 8 unless set. */
  interviewSlots?: number;
  /** Device firmware updates: the image folder, an optional index (file or URL) and the block pacing. */
  ota?: { dir: string; index?: string; settings: OtaSettings };
}

/** What `set`/`setGroup` did: the converter keys sent and the state the converters predict. */
export interface SetResult {
  sent: string[];
  state: ConverterState;
  /** Keys no converter of the target takes (a tilt for a shade that cannot tilt): not sent. */
  skipped: string[];
}

/** One member's scene: ZCL units (level 0-254, mireds, xy as 0-1 fractions), transition in 1/10 s. */
export interface SceneValues {
  group: number;
  scene: number;
  transitiontime: number;
  on?: boolean;
  bri?: number;
  ct?: number;
  xy?: number[];
}

export interface RadioStart {
  coordinator: CoordinatorInfo;
  network: NetworkInfo;
  result: string;
}

/** Network parameters of a new network (see network-params.ts). */
export interface NewNetwork {
  panID: number;
  extendedPanID: number[];
  networkKey: number[];
}

/** One entry of a device's neighbour table (ZDO Mgmt_Lqi). */
export interface Neighbour {
  ieee: string;
  nwk: number;
  type: 'Coordinator' | 'Router' | 'EndDevice' | 'Unknown';
  relationship: 'parent' | 'child' | 'sibling' | 'none' | 'previous_child';
  depth: number;
  lqi: number;
}

export interface ZigbeeRadio {
  /** Starts the network from herdsman's database; sends no frame to any device. */
  start(): Promise<RadioStart>;
  /**
   * The bridge is up: work kept off the start may run now (a device whose configure never
   * succeeded is configured once it is next heard; configure-catch-up.ts).
   */
  background(): void;
  stop(): Promise<void>;
  /** Stops the Controller and releases the adapter: the network is down until `resume`. */
  suspend(): Promise<void>;
  /**
   * Starts a new Controller on the same adapter. With `channel`, herdsman moves the running network
   * there (network-update broadcast, then the coordinator follows); with `network`, a new network is
   * formed and herdsman forgets every device. Both are remembered for later starts.
   */
  resume(change?: { channel?: number; network?: NewNetwork }): Promise<RadioStart>;
  isUp(): boolean;
  /** The channel the network is configured for. */
  channel(): number;

  on<K extends keyof ZigbeeEventMap>(event: K, listener: (payload: ZigbeeEventMap[K]) => void): void;
  permitJoin(seconds: number, viaIeee?: string): Promise<void>;
  devices(): ZigbeeDevice[];
  device(ieee: string): ZigbeeDevice | undefined;
  /** The converter state the bridge holds for a device (what its reports and writes left). */
  state(ieee: string): ConverterState;
  /** Start a device from a state kept elsewhere (a takeover's last state): merged under what the device reports. */
  seedState?(ieee: string, state: ConverterState): void;
  /** Send converter keys (e.g. { state: 'ON', brightness: 128, transition: 0.5 }) to one endpoint. */
  set(ieee: string, endpoint: number, values: ConverterState): Promise<SetResult>;
  /** Read `keys` back through the converters' getters (Zigbee2MQTT's `/get`); the answer arrives as deviceState. */
  get(ieee: string, endpoint: number, keys: string[]): Promise<{ read: string[]; skipped: string[] }>;
  /** The same as one groupcast to a Zigbee group. */
  setGroup(group: number, values: ConverterState): Promise<SetResult>;
  read(ieee: string, endpoint: number, cluster: string | number, attributes: Array<string | number>): Promise<Record<string, unknown>>;
  /** Ask the converters to read back the state keys of an endpoint (all endpoints when absent). */
  refresh(ieee: string, endpoint?: number): Promise<number[]>;
  ping(ieee: string): Promise<void>;
  remove(ieee: string, options: { leave: boolean; force: boolean }): Promise<{ left: boolean }>;
  addGroupMember(group: number, ieee: string, endpoint: number): Promise<void>;
  removeGroupMember(group: number, ieee: string, endpoint: number): Promise<void>;
  scene(action: 'store' | 'recall' | 'remove', group: number, scene?: number, transitiontime?: number): Promise<void>;
  /** Member endpoints of a Zigbee group, as herdsman recorded them when membership was written. */
  groupMembers(group: number): Array<{ ieee: string; endpoint: number }>;
  /** Every Zigbee group herdsman knows, with its member endpoints. */
  groups(): Array<{ id: number; members: Array<{ ieee: string; endpoint: number }> }>;
  /** Bind (or unbind) client clusters of a device endpoint to a group; returns the clusters done. */
  bindGroup(ieee: string, endpoint: number, clusters: string[], group: number, unbind: boolean): Promise<string[]>;
  /** Output clusters of a device endpoint by name (what a remote can send). */
  outputClusters(ieee: string, endpoint: number): string[];
  /** ZCL add scene with extension fields to one member endpoint. */
  addScene(ieee: string, endpoint: number, scene: SceneValues): Promise<void>;
  /** ZCL remove scene (all of the group when `scene` is absent) on one member endpoint. */
  removeMemberScene(ieee: string, endpoint: number, group: number, scene?: number): Promise<void>;
  backup(): Promise<Record<string, unknown>>;
  /** Touchlink through herdsman (inter-PAN; `unsupported` on adapters that cannot send it). */
  readonly touchlink: Touchlink;
  /** Device firmware updates (OTA cluster 0x0019) from the configured image sources. */
  readonly ota: DeviceOta;
  /** IAS ACE panel status to a keypad (what it shows: armed, counting down, in alarm). */
  keypadPanel(ieee: string, endpoint: number, state: Pick<AlarmStatePayload, 'armstate' | 'seconds_remaining'>): Promise<void>;
  /** IAS ACE arm response to a keypad's arm command with sequence number `seq`. */
  keypadArmResponse(ieee: string, endpoint: number, result: ArmResult, seq: number): Promise<void>;
  /**
   * Read the device's identity again and re-apply its binds and reporting (the converters'
   * configure, even when it succeeded before). Resolves whether configure succeeded.
   */
  reconfigure(ieee: string): Promise<boolean>;
  /** Give the coordinator an install code (hex, CRC included) for the device `ieee`. */
  addInstallCode(ieee: string, code: string): Promise<void>;
  /**
   * The same from the text on a device's label or in its QR code, in any format herdsman reads
   * (`Z:<ieee>$I:<code>`, `<ieee>|<code>`, Aqara's and Hue's QR texts, the 91/95-character codes).
   */
  addInstallCodeText(text: string): Promise<void>;
  /** The neighbour table of the coordinator or a router (every page of it). */
  neighbours(ieee: string): Promise<Neighbour[]>;
}
