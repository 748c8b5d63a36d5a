import type { Logger } from 'pino';
import type { BridgeInfo, TopicContext } from '@herdgate/shared/mqtt';
import type { Bus } from '@herdgate/shared/bus';
import type { CommandQueue } from '../commands/index';
import type { BridgeConfig } from '../config';
import type { DeconzMapping } from '../devices/mapping';
import type { NameStore } from '../devices/names';
import type { DeviceRegistry } from '../devices/registry';
import type { BridgeEventMap } from '../events';
import type { MqttLink } from '../mqtt/link';
import type { ZigbeeRadio } from '../zigbee/index';
import type { KeypadSeal } from './keypad-seal';
import type { FirmwareUpdater, NetworkStatus } from './network-status';
import type { PermitWindow } from './permit-window';
import type { OtaTracker } from './ota/tracker';

/** Everything a feature may use, handed over as one object (no module globals). */
export interface FeatureDeps {
  bus: Bus<BridgeEventMap>;
  radio: ZigbeeRadio;
  registry: DeviceRegistry;
  queue: CommandQueue;
  link: MqttLink;
  topics: TopicContext;
  mapping: DeconzMapping;
  names: NameStore;
  config: BridgeConfig;
  logger: Logger;
  /** The current bridge info (assembled by the controller). */
  info(): BridgeInfo;
  /** The permit-join window (any length; the radio's 254 s frame re-sent), read by info(). */
  permitJoin: PermitWindow;
  /** Seals keypad PINs with the api's key before they are published. */
  keypadSeal: KeypadSeal;
  /** What the network is and does (coordinator, channel, running operation, options), read by info(). */
  status: NetworkStatus;
  /** Device firmware updates: state and actions for both MQTT APIs. */
  ota: OtaTracker;
  /** Present where the bridge can flash the radio itself (the virtual radio). */
  firmware?: FirmwareUpdater;
  /**
   * Restart the bridge on its data folder once the current answer is out (after a restore): the
   * features, the MQTT link and herdsman start again; the broker and the virtual radio stay.
   */
  restart(reason: string): void;
}

export interface Feature {
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}
