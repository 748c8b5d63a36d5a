/**
 * The firmware commands the public deCONZ drivers use (herdsman's nine, and UPDATE_NEIGHBOR, which
 * zigpy-deconz sends to restore sleepy children on start): host requests decoded into a tagged
 * union, radio responses encoded into frames. Pure; no I/O.
 */
import { ByteReader, ByteWriter } from './bytes';
import { Command, Status } from './constants';
import { decodeApsRequest, encodeApsConfirm, encodeApsIndication } from './aps';
import type { ApsConfirm, ApsIndication, ApsRequest } from './aps';
import type { Frame } from './frame';

export type HostCommand =
  | { kind: 'device-state' }
  | { kind: 'version' }
  | { kind: 'read-parameter'; param: number; arg: Uint8Array }
  | { kind: 'write-parameter'; param: number; value: Uint8Array }
  | { kind: 'change-network-state'; state: number }
  | { kind: 'aps-request'; request: ApsRequest }
  | { kind: 'aps-confirm' }
  | { kind: 'aps-indication'; flags: number }
  | { kind: 'update-neighbour'; entry: Uint8Array }
  | { kind: 'unknown'; command: number };

/** Decodes a host request frame's payload; throws RangeError on a truncated payload. */
export function decodeHostCommand(frame: Frame): HostCommand {
  const r = new ByteReader(frame.payload);
  switch (frame.command) {
    case Command.DeviceState:
      return { kind: 'device-state' };
    case Command.Version:
      return { kind: 'version' };
    case Command.ReadParameter: {
      r.u16();
      return { kind: 'read-parameter', param: r.u8(), arg: r.rest() };
    }
    case Command.WriteParameter: {
      r.u16();
      return { kind: 'write-parameter', param: r.u8(), value: r.rest() };
    }
    case Command.ChangeNetworkState:
      return { kind: 'change-network-state', state: r.u8() };
    case Command.ApsDataRequest:
      return { kind: 'aps-request', request: decodeApsRequest(frame.payload) };
    case Command.ApsDataConfirm:
      return { kind: 'aps-confirm' };
    case Command.ApsDataIndication: {
      const flags = r.remaining >= 3 ? (r.u16(), r.u8()) : 0;
      return { kind: 'aps-indication', flags };
    }
    case Command.UpdateNeighbour:
      // payloadLen u16, action (1 = add), nwk u16, ieee u64, MAC capabilities
      r.u16();
      return { kind: 'update-neighbour', entry: r.take(12) };
    default:
      return { kind: 'unknown', command: frame.command };
  }
}

function reply(command: number, seq: number, payload: Uint8Array, status: number = Status.Success): Frame {
  return { command, seq, status, payload };
}

export const responses = {
  deviceState: (seq: number, state: number): Frame => reply(Command.DeviceState, seq, Uint8Array.of(state, 0, 0)),
  deviceStateChanged: (seq: number, state: number): Frame => reply(Command.DeviceStateChanged, seq, Uint8Array.of(state, 0)),
  version: (seq: number, version: number): Frame =>
    reply(
      Command.Version,
      seq,
      new ByteWriter()
        .u16(version)
        .u16(version >>> 16)
        .done(),
    ),
  readParameter: (seq: number, param: number, value: Uint8Array): Frame =>
    reply(
      Command.ReadParameter,
      seq,
      new ByteWriter()
        .u16(1 + value.length)
        .u8(param)
        .bytes(value)
        .done(),
    ),
  /** A refused read echoes the parameter id and its argument (an endpoint index, an IEEE) with the status. */
  readParameterRefused: (seq: number, param: number, arg: Uint8Array, status: number): Frame =>
    reply(
      Command.ReadParameter,
      seq,
      new ByteWriter()
        .u16(1 + arg.length)
        .u8(param)
        .bytes(arg)
        .done(),
      status,
    ),
  writeParameter: (seq: number, param: number, status: number = Status.Success): Frame =>
    reply(Command.WriteParameter, seq, new ByteWriter().u16(1).u8(param).done(), status),
  updateNeighbour: (seq: number, entry: Uint8Array): Frame => reply(Command.UpdateNeighbour, seq, new ByteWriter().u16(entry.length).bytes(entry).done()),
  changeNetworkState: (seq: number, state: number): Frame => reply(Command.ChangeNetworkState, seq, Uint8Array.of(state)),
  apsRequest: (seq: number, deviceState: number, requestId: number, status: number = Status.Success): Frame =>
    reply(Command.ApsDataRequest, seq, new ByteWriter().u16(2).u8(deviceState).u8(requestId).done(), status),
  apsConfirm: (seq: number, confirm: ApsConfirm): Frame => reply(Command.ApsDataConfirm, seq, encodeApsConfirm(confirm)),
  apsIndication: (seq: number, indication: ApsIndication): Frame => reply(Command.ApsDataIndication, seq, encodeApsIndication(indication)),
  /** Answer to a confirm/indication read when none is waiting, or to an unknown command. */
  failure: (command: number, seq: number, status: number = Status.Failure): Frame => reply(command, seq, Uint8Array.of(0, 0), status),
};
