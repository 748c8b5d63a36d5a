import type { BridgeEvent, DeviceDescription, OtaState } from '@herdgate/shared/mqtt';
import type { FailureReason } from './zigbee/radio-error';
import type { StateChange } from './devices/registry';

/** The one event map of the bridge's bus; every feature talks through these events only. */
export interface BridgeEventMap {
  /** A device's description changed (publish its retained topic). */
  deviceUpdated: { description: DeviceDescription };
  /** A device left or was removed (clear its retained topics). */
  deviceRemoved: { ieee: string; endpoints: number[] };
  /** The list of devices this bridge no longer has changed (publish its retained topic). */
  removedDevicesChanged: Record<string, never>;
  /**
   * deCONZ items of one endpoint changed, or a momentary event happened. `report`: the change came
   * from the device's own report (the radio's `deviceState`), which listeners of the radio saw too.
   */
  endpointChanged: { ieee: string; change: StateChange; report?: true };
  /** Join, interview progress, leave, announce (published on the bridge event topic). */
  bridgeEvent: BridgeEvent;
  /** Something in bridge info changed (permit join, queue depth, radio connection). */
  infoChanged: Record<string, never>;
  /** The radio heard from a device. */
  deviceSeen: { ieee: string; at: number };
  /**
   * A group command went out (a REST/MQTT groupcast, a scene recall) or a device sent one to a
   * group (`from`: the remote). Group sync predicts or reads back the members' new state.
   * `predicted`: what the converters say the frames they sent leave a light in (on/off implied by
   * a level command with on/off, the colour mode a colour command sets), for a groupcast we sent.
   */
  groupCommanded: { group: number; command: Record<string, unknown>; from?: string; predicted?: Record<string, unknown> };
  /** A command to a device failed; availability decides whether it is now unreachable. */
  commandFailed: { ieee: string; reason: FailureReason };
  /** A device's firmware update state changed (features/ota). */
  otaChanged: { ieee: string; ota: OtaState };
}
