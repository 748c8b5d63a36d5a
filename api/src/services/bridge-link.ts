/**
 * The api's view of the bridge (the radio half), whatever carries it. Both runtimes implement it
 * over MQTT (`bridge-link/mqtt-link.ts`); tests may carry it otherwise.
 * Resource modules (lights, groups, scenes, sensors) read the device mirror and send commands only
 * through this interface: they never see topics or MQTT.
 */
import type {
  BridgeEvent,
  BridgeInfo,
  DeviceDescription,
  EndpointState,
  GatewayGroups,
  GatewayRequestName,
  NetworkMap,
  NetworkMapProgress,
  BridgeLog,
  OtaState,
  RequestName,
  RemovedDevice,
  RequestPayloads,
  ResponsePayloads,
  SetResultData,
  MatterRequestName,
  MatterRequestPayloads,
  MatterStatus,
} from '@herdgate/shared/mqtt';

/** A device command in the REST vocabulary (`on`, `bri`, `ct`, `xy`, `transitiontime`, `open`, `heatsetpoint`…). */
export type DeviceCommand = Record<string, unknown>;

/** What really happened to a command; never "ok" for a frame that was not acknowledged. */
export type CommandOutcome =
  | { status: 'ok'; data: SetResultData }
  /** `field`: the command item the bridge blames (`xy`, `powerup`), when one is to blame. */
  | { status: 'error'; code: string; message: string; field?: string };

/** Something the bridge said, in arrival order. */
export type LinkEvent =
  | { kind: 'bridge-online'; bridge: string; info?: BridgeInfo }
  | { kind: 'bridge-offline'; bridge: string }
  | { kind: 'bridge-info'; bridge: string; info: BridgeInfo }
  | { kind: 'bridge-event'; bridge: string; event: BridgeEvent }
  | { kind: 'device'; device: DeviceDescription }
  | { kind: 'device-removed'; ieee: string }
  /** The bridge's record of the devices it no longer has (retained: also at every connect). */
  | { kind: 'devices-removed'; bridge: string; devices: RemovedDevice[] }
  | { kind: 'state'; ieee: string; endpoint: number; state: EndpointState }
  | { kind: 'event'; ieee: string; endpoint: number; state: Record<string, unknown> }
  /** The last finished network map scan (retained) and the progress of a running one. */
  | { kind: 'networkmap'; bridge: string; map: NetworkMap }
  | { kind: 'networkmap-progress'; bridge: string; progress: NetworkMapProgress }
  | { kind: 'bridge-log'; bridge: string; entry: BridgeLog }

  /** The followed bridge asks the api something (its Zigbee2MQTT API's group requests); `payload` unchecked. */
  | { kind: 'gateway-request'; bridge: string; name: GatewayRequestName; payload: unknown }
  /** A device's firmware update state (retained; cleared when the device leaves). */
  | { kind: 'device-ota'; ieee: string; ota: OtaState | undefined }
  /** The Matter bridge's retained status (undefined: it stopped or never ran). */
  | { kind: 'matter'; status: MatterStatus | undefined };

export interface BridgeLink {
  /** True while the broker connection is up and the bridge says it is online. */
  connected(): boolean;
  /** The bridge's retained info (coordinator, network, permit join), once received. */
  info(): BridgeInfo | undefined;
  /** Mirror of every retained device description, keyed by IEEE (`0x…`). */
  devices(): ReadonlyMap<string, DeviceDescription>;
  /** The followed bridge's last record of the devices it no longer has (empty until received). */
  removedDevices(): readonly RemovedDevice[];
  /** The device's firmware update state, for a device with an OTA client. */
  deviceOta(ieee: string): OtaState | undefined;
  /** Latest retained state per device endpoint. */
  endpointState(ieee: string, endpoint: number): EndpointState | undefined;
  /** Listeners run in arrival order; a throwing listener is isolated and logged. */
  subscribe(listener: (event: LinkEvent) => void): () => void;
  /** Sends a command to one device endpoint and resolves with the bridge's outcome (bounded wait). */
  setDevice(ieee: string, endpoint: number, command: DeviceCommand, timeoutMs?: number): Promise<CommandOutcome>;
  /** Sends one groupcast to a Zigbee group. */
  setGroup(group: number, command: DeviceCommand, timeoutMs?: number): Promise<CommandOutcome>;
  /** A bridge request (`permit_join`, `group/add_member`, `scene/store`…) with its typed response. */
  request<N extends RequestName>(
    name: N,
    data: RequestPayloads[N],
    timeoutMs?: number,
  ): Promise<{ status: 'ok'; data: ResponsePayloads[N] } | { status: 'error'; code: string; message: string; field?: string }>;
  /** Answers a `gateway-request` (the contract's envelope, `transaction` echoed by the caller). */
  answerGateway(name: GatewayRequestName, response: Record<string, unknown>): Promise<void>;
  /** The api's groups, retained for the bridge (and anyone) to read. */
  publishGroups(groups: GatewayGroups): Promise<void>;
  /** The Matter bridge's last status, when one runs (MATTER=1). */
  matter(): MatterStatus | undefined;
  /** A request to the Matter bridge (commissioning window, fabrics); answers with its new status. */
  matterRequest<N extends MatterRequestName>(
    name: N,
    data: Omit<MatterRequestPayloads[N], 'transaction'>,
    timeoutMs?: number,
  ): Promise<{ status: 'ok'; data: MatterStatus } | { status: 'error'; code: string; message: string; field?: string }>;
  /** Retained: the REST names of lights and sensors by uniqueid, for the Matter bridge. */
  publishMatterNames(names: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}
