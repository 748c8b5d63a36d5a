import type { DeviceSetCommand, ItemValue, Subdevice } from '@herdgate/shared/mqtt';
import type { ConverterState, ZigbeeDevice } from '../zigbee/index';

/**
 * The seam to the pure converter-state <-> deCONZ tables in @herdgate/shared/deconz. The device
 * layer only needs these three questions answered; `deconz-mapping.ts` answers them from the
 * shared tables, tests may answer them from a fixture.
 */
export interface EndpointItems {
  endpoint: number;
  state: Record<string, ItemValue>;
  config: Record<string, ItemValue>;
  /** Momentary items (buttonevent…) published on the event topic, not retained. */
  event: Record<string, ItemValue>;
}

export type CommandTranslation =
  | { ok: true; values: ConverterState }
  | { ok: false; message: string; field?: string };

export interface DeconzMapping {
  /** The deCONZ sub-devices a device presents (from its converter exposes and endpoints). */
  subdevices(device: ZigbeeDevice): Subdevice[];
  /** Converter state produced on `endpoint` -> changed deCONZ items, per endpoint. */
  items(subdevices: Subdevice[], endpoint: number, state: ConverterState): EndpointItems[];
  /** A REST-vocabulary command for the sub-devices of one endpoint -> converter keys. */
  command(subdevices: Subdevice[], command: Omit<DeviceSetCommand, 'transaction'>): CommandTranslation;
}
