/**
 * The seam between the radio core (serial protocol, APS queues, routing, persistence, control API)
 * and the simulated devices (ZDO responder, ZCL codec, attribute store, cluster behaviour).
 *
 * The radio core turns an APS_DATA_REQUEST into a `Delivery` for each device it reaches and asks the
 * device to `receive` it; whatever a device says goes back through `DeviceContext.send` and becomes an
 * APS_DATA_INDICATION (or several, for a group). Nothing on either side of this file knows the other's
 * internals, and nothing here imports zigbee-herdsman.
 */

/** IEEE addresses travel as 16 lower-case hex digits without prefix, e.g. "00124b0012345678". */
export type Ieee = string;

/** Where a device's frame is going. */
export type Destination =
  /** The coordinator (NWK 0x0000) on one of its endpoints. */
  | { kind: 'coordinator'; endpoint: number }
  /** A Zigbee group: every joined, online device with an endpoint in the group receives it. */
  | { kind: 'group'; group: number }
  /** A broadcast (0xFFFC routers, 0xFFFD rx-on-when-idle, 0xFFFF all). */
  | { kind: 'broadcast'; address: number; endpoint: number };

/** A frame arriving at one device. */
export interface Delivery {
  profileId: number;
  clusterId: number;
  /** The sender's endpoint (the coordinator's, usually 1; 0 for ZDO). */
  srcEndpoint: number;
  /** The endpoint addressed on the device; for a groupcast, each member endpoint in turn. */
  dstEndpoint: number;
  /** Set when this delivery is part of a groupcast. */
  group?: number;
  /** Set when this delivery is part of a broadcast. */
  broadcast?: boolean;
  asdu: Uint8Array;
}

/** A frame a device sends. */
export interface Emission {
  to: Destination;
  srcEndpoint: number;
  profileId: number;
  clusterId: number;
  asdu: Uint8Array;
}

/** What the radio core gives each device. */
export interface DeviceContext {
  /** Queue a frame from this device (becomes an APS indication at the host). Never throws. */
  send(frame: Emission): void;
  /** The coordinator's IEEE address (for IAS CIE enrolment checks, bind targets). */
  coordinatorIeee(): Ieee;
  /** Milliseconds, from the radio's clock (tests and benchmarks may use a fake one). */
  now(): number;
  /** Timers from the radio's clock; every timer is cleared when the device is stopped. */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Called whenever persisted device state changed (attributes, bindings, groups, scenes). */
  changed(): void;
  /** The device restarts (a new firmware image): off the network for `downMs`, then it announces itself. */
  reboot?(downMs: number): void;
  /** How fast OTA clients download: `realistic` (the default) or `fast` (tests). */
  otaPacing?(): OtaPacingName;
  /**
   * The coordinator endpoint serving the OTA cluster (what a Match_Desc for 0x0019 finds), undefined
   * while there is none. Without it a device never asks for firmware by itself.
   */
  otaServer?(): number | undefined;
}

export type OtaPacingName = 'fast' | 'realistic';

/** A device's OTA client as the control API sees it. */
export interface OtaView {
  manufacturerCode: number;
  imageType: number;
  fileVersion: number;
  stackVersion: number;
  hardwareVersion?: number;
  /** idle, querying, downloading, waiting (wait for data), ending, upgrading, stalled. */
  state: string;
  /** The image being downloaded (its offer), with bytes received so far. */
  download?: { manufacturerCode: number; imageType: number; fileVersion: number; imageSize: number; offset: number };
  /** How the last attempt ended, with the radio time. */
  lastResult?: { result: string; at: number; fileVersion?: number; problem?: string };
  fault?: OtaFault;
  blocksRequested: number;
}

/** OTA faults a device can be given: it stops mid-transfer, finds its image corrupt, or refuses. */
export type OtaFault = { kind: 'stall'; afterBytes: number } | { kind: 'corrupt' } | { kind: 'refuse' };

export interface OtaControl {
  view(): OtaView;
  /** Sends a Query Next Image Request now (the device woke up); false when it is busy. */
  query(): boolean;
  setFault(fault: OtaFault | undefined): void;
  /** The pacing changed: reschedule the periodic query. */
  repace(): void;
}

/** Node descriptor facts the radio core needs for joining, routing and LQI tables. */
export interface DeviceIdentity {
  ieee: Ieee;
  nwk: number;
  /** Catalogue model key (file name without .json). */
  model: string;
  logicalType: 'router' | 'end-device';
  /** MAC capability flags as in Device_annce. */
  macCapabilities: number;
  rxOnWhenIdle: boolean;
}

/** One simulated device, as the radio core sees it. */
export interface SimDevice {
  readonly identity: DeviceIdentity;
  /**
   * Handle one frame that reached the device. The APS confirm the host sees is the radio core's
   * business (online, faults); the device answers at ZDO/ZCL level through `DeviceContext.send`.
   */
  receive(frame: Delivery): void;
  /** Endpoints that belong to `group` (for groupcast fan-out and frame counting). */
  endpointsInGroup(group: number): number[];
  /** A person acts on the device (press a button, open a door, walk past…). */
  act(action: string, params: Record<string, unknown>): ActionResult;
  /** Names and parameter hints of the actions this device supports. */
  actions(): ActionInfo[];
  /** The device's real internal state: endpoints → clusters → attribute name → value. */
  inspect(): DeviceStateView;
  /** Serialisable state (attributes, reporting config, bindings, groups, scenes). */
  snapshot(): unknown;
  /** Start timers (reporting, drift, transitions). Called after join or restore. */
  start(): void;
  /** Stop every timer. */
  stop(): void;
  /** The OTA upgrade client, for models that have one. */
  ota?(): OtaControl | undefined;
  /**
   * The catalogue entry of a device made from its descriptors rather than from a catalogue model
   * (a takeover's device the catalogue lacks); the state file keeps it. Undefined otherwise.
   */
  definition?(): unknown;
}

export interface ActionInfo {
  name: string;
  description: string;
  params?: Record<string, string>;
}

export type ActionResult = { ok: true; detail?: unknown } | { ok: false; error: string };

export interface DeviceStateView {
  ieee: Ieee;
  nwk: number;
  model: string;
  endpoints: Record<string, Record<string, Record<string, unknown>>>;
  groups: Record<string, number[]>;
  scenes: Array<{ endpoint: number; group: number; scene: number; name?: string; transitionTime: number; values: Record<string, unknown> }>;
  bindings: Array<{ endpoint: number; cluster: number; to: unknown }>;
  reporting: Array<{ endpoint: number; cluster: number; attribute: number; min: number; max: number; change?: number }>;
  /** A thermostat's weekly programme, where it has one: endpoint → day (0 Sunday … 7 away) → transitions. */
  schedules?: Record<string, Record<string, unknown[]>>;
  /** A Tuya device's data points (dp id → name, type, value) and its MCU clock (null until the host set it). */
  datapoints?: Record<string, { name: string; type: string; value: unknown }>;
  mcuClock?: { utc: number; local: number } | null;
  ota?: OtaView;
  /**
   * The motions under way (a transition, a cover travelling), as `endpoint:cluster:key`: empty once
   * everything has come to rest, so a test can see that a stopped motor stays stopped.
   */
  motions: string[];
}

/** The endpoint a touchlink-capable light reports in its scan response. */
export interface TouchlinkEndpoint {
  id: number;
  profileId: number;
  deviceId: number;
  version: number;
}

/** Builds devices from the catalogue; implemented by the devices side. */
/**
 * Attribute values a device holds before it joins, over its catalogue entry's (set by its vendor's
 * app or an earlier gateway): endpoint id -> cluster name -> attribute name -> value.
 */
export type DeviceSettings = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, number | string | boolean>>>>>>;

export interface DeviceFactory {
  /** Model keys available in the catalogue. */
  models(): string[];
  /** The touchlink endpoint of a model that answers touchlink, undefined for one that does not. */
  touchlink?(model: string): TouchlinkEndpoint | undefined;
  /** A new device fresh from the factory (not joined yet). */
  create(
    model: string,
    identity: Omit<DeviceIdentity, 'model' | 'logicalType' | 'macCapabilities' | 'rxOnWhenIdle'>,
    ctx: DeviceContext,
    settings?: DeviceSettings,
  ): SimDevice;
  /** The install code a model needs to join (hex, CRC included); undefined: it joins freely. */
  installCode?(model: string): string | undefined;
  /**
   * A device restored from a snapshot taken by `SimDevice.snapshot()`; `definition`, when the state
   * file kept one (`SimDevice.definition()`), is its catalogue entry instead of the model's.
   */
  restore(
    model: string,
    identity: Omit<DeviceIdentity, 'model' | 'logicalType' | 'macCapabilities' | 'rxOnWhenIdle'>,
    snapshot: unknown,
    ctx: DeviceContext,
    definition?: unknown,
  ): SimDevice;
}
