import type { DeviceSetCommand, ItemValue } from '@herdgate/shared/mqtt';
import type { SubdevicePlan } from '@herdgate/shared/deconz';
import type { ConverterState, ZigbeeDevice } from '../zigbee/index';

/**
 * The seam to the pure converter-state <-> deCONZ tables in @herdgate/shared/deconz. The device
 * layer only asks these questions; `deconz-mapping.ts` answers them from the shared tables, a
 * test may answer them from a fixture.
 */
export interface EndpointItems {
  endpoint: number;
  state: Record<string, ItemValue>;
  config: Record<string, ItemValue>;
  /** Momentary items (buttonevent…) published on the event topic, not retained. */
  event: Record<string, ItemValue>;
}

export type CommandTranslation =
  /** Converter payloads to send in order (an alert goes apart from an effect), and the items sent. */
  | { ok: true; payloads: ConverterState[]; sent: string[] }
  /** `code`: invalid_payload when the device cannot take a value, else not_supported. */
  | { ok: false; message: string; field?: string; code?: 'invalid_payload' | 'not_supported' };

export interface DeconzMapping {
  /** The deCONZ sub-devices a device presents (from its converter exposes and endpoints). */
  subdevices(device: ZigbeeDevice): SubdevicePlan[];
  /** Items every sub-device has before anything was heard (alert "none", config.on…). */
  defaults(subdevices: SubdevicePlan[]): EndpointItems[];
  /** Converter state produced on `endpoint` -> changed deCONZ items, per endpoint. */
  items(subdevices: SubdevicePlan[], endpoint: number, state: ConverterState): EndpointItems[];
  /**
   * A REST-vocabulary command for the sub-devices of one endpoint -> converter payloads; `state`
   * is the device's converter state, for items written against what it holds.
   */
  command(subdevices: SubdevicePlan[], command: Omit<DeviceSetCommand, 'transaction'>, state?: ConverterState): CommandTranslation;
}
