/**
 * The firmware's command handling: parameters, network state, the device-state byte and the APS
 * confirm/indication queues. Transport-free: a frame in, response frames out; `onQueued` tells the
 * host link to nudge the host with DEVICE_STATE_CHANGED.
 */
import type { ApsRequest, Frame, HostCommand } from '../protocol/index';
import { Command, NetworkState, Param, StateBit, Status, decodeHostCommand, responses } from '../protocol/index';
import type { HostPort, PendingConfirm, PendingIndication } from '../network/host-port';
import { startNetwork } from './formation';
import type { ParameterStore } from './parameter-store';

/** ConBee II (platform byte 0x07), firmware 0x2678. */
export const FIRMWARE_VERSION = 0x26780700;
/** A real radio buffers a handful of frames; beyond this the oldest are lost. */
const QUEUE_LIMIT = 512;

export interface RadioCoreDeps {
  params: ParameterStore;
  networkState: number;
  /** Firmware version from the state file; FIRMWARE_VERSION for a fresh radio. */
  firmware?: number;
  /** Routes an accepted APS request into the network. */
  route(request: ApsRequest): void;
  /** Persisted radio state changed (parameters, network state). */
  changed(): void;
  /** STK_PERMIT_JOIN was written: the coordinator's own join window, in seconds (0 closes it). */
  permitJoin?(seconds: number): void;
  log(event: string, detail?: Record<string, unknown>): void;
}

export class RadioCore implements HostPort {
  private readonly confirms: PendingConfirm[] = [];
  private readonly indications: PendingIndication[] = [];
  onQueued: () => void = () => {};
  /** The firmware version reported to the host; a simulated update advances it. */
  firmware: number;

  constructor(private readonly deps: RadioCoreDeps) {
    this.firmware = deps.firmware ?? FIRMWARE_VERSION;
  }

  get networkState(): number {
    return this.deps.networkState;
  }

  deviceState(): number {
    let state = this.deps.networkState & 0x03;
    if (this.confirms.length > 0) state |= StateBit.ConfirmWaiting;
    if (this.indications.length > 0) state |= StateBit.IndicationWaiting;
    // Without free slots herdsman never sends an APS request.
    if (this.deps.networkState === NetworkState.Connected) state |= StateBit.FreeSlots;
    return state;
  }

  confirm(confirm: PendingConfirm): void {
    this.push(this.confirms, confirm);
  }

  indicate(indication: PendingIndication): void {
    this.push(this.indications, indication);
  }

  private push<T>(queue: T[], item: T): void {
    queue.push(item);
    if (queue.length > QUEUE_LIMIT) queue.shift();
    this.onQueued();
  }

  /** A reboot loses whatever the firmware had queued. */
  clearQueues(): void {
    this.confirms.length = 0;
    this.indications.length = 0;
  }

  handle(frame: Frame): Frame {
    let command: HostCommand;
    try {
      command = decodeHostCommand(frame);
    } catch (error) {
      this.deps.log('bad-command', { command: frame.command, error: String(error) });
      return responses.failure(frame.command, frame.seq, Status.InvalidValue);
    }
    return this.dispatch(command, frame);
  }

  private dispatch(command: HostCommand, frame: Frame): Frame {
    const seq = frame.seq;
    switch (command.kind) {
      case 'device-state':
        return responses.deviceState(seq, this.deviceState());
      case 'version':
        return responses.version(seq, this.firmware);
      case 'read-parameter': {
        if (command.param === Param.NetworkStatus) return responses.readParameter(seq, command.param, Uint8Array.of(this.deps.networkState));
        const read = this.deps.params.read(command.param, command.arg);
        return read.ok ? responses.readParameter(seq, command.param, read.value) : responses.readParameterRefused(seq, command.param, command.arg, read.status);
      }
      case 'write-parameter': {
        const status = this.deps.params.write(command.param, command.value);
        if (status === Status.Success) this.deps.changed();
        const opensJoins = command.param === Param.PermitJoin && status === Status.Success && this.deps.networkState === NetworkState.Connected;
        if (opensJoins) this.deps.permitJoin?.(command.value[0]);
        return responses.writeParameter(seq, command.param, status);
      }
      case 'change-network-state':
        this.changeNetworkState(command.state);
        return responses.changeNetworkState(seq, command.state);
      case 'update-neighbour':
        // The firmware adds the child to its neighbour table; the simulation keeps its own topology.
        return responses.updateNeighbour(seq, command.entry);
      case 'aps-request':
        return this.acceptRequest(seq, command.request);
      case 'aps-confirm': {
        const next = this.confirms.shift();
        if (!next) return responses.failure(Command.ApsDataConfirm, seq);
        return responses.apsConfirm(seq, { ...next, deviceState: this.deviceState() });
      }
      case 'aps-indication': {
        const next = this.indications.shift();
        if (!next) return responses.failure(Command.ApsDataIndication, seq);
        return responses.apsIndication(seq, { ...next, deviceState: this.deviceState() });
      }
      default:
        return responses.failure(frame.command, seq, Status.Unsupported);
    }
  }

  /** Connected starts the network from the parameters (formation); anything else takes it offline. */
  private changeNetworkState(state: number): void {
    if (state === NetworkState.Connected) {
      const outcome = startNetwork(this.deps.params);
      this.deps.log(outcome.ok ? 'network-started' : 'network-not-started', { ...outcome });
      this.deps.networkState = outcome.ok ? NetworkState.Connected : NetworkState.Offline;
    } else {
      this.deps.networkState = NetworkState.Offline;
    }
    this.deps.changed();
  }

  private acceptRequest(seq: number, request: ApsRequest): Frame {
    if (this.deps.networkState !== NetworkState.Connected) {
      // Refused requests get no confirm, which is what the non-success status tells the host.
      return responses.apsRequest(seq, this.deviceState(), request.requestId, Status.NoNetwork);
    }
    this.deps.route(request);
    return responses.apsRequest(seq, this.deviceState(), request.requestId);
  }

  /** Pending counts, for health and tests. */
  pending(): { confirms: number; indications: number } {
    return { confirms: this.confirms.length, indications: this.indications.length };
  }
}
