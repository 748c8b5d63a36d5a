/**
 * What the bridge benchmark needs from a Zigbee-to-MQTT stack, so herdgate and Zigbee2MQTT are
 * driven by the same loop: start it against a radio (and know when it is really up), switch a
 * lamp, see a lamp's and a contact sensor's state arrive, read its memory, stop it.
 */
import type { RadioProtocol } from '@herdgate/virtual-radio';
import type { StackProcess } from './stack-process';

/** Which coordinator the virtual radio emulates, and so which herdsman adapter the stack uses. */
export type { RadioProtocol };

export interface StackStartOptions {
  radioPort: number;
  /** Default deconz (a ConBee II). */
  protocol?: RadioProtocol;
  /** The stack's own data directory; kept between starts so a restart resumes the network. */
  dataDir: string;
  /** IEEE addresses (16 lower-case hex digits) that must be up before the start counts as done. */
  devices: readonly string[];
  /**
   * First start on a fresh radio: open the network and count the start as done once every device
   * is interviewed. Otherwise the start is done when the stack is online and every device is
   * reported available.
   */
  pairing: boolean;
  timeoutMs: number;
  /** Progress lines while a start takes long. */
  log?(line: string): void;
  /** Extra node options for the stack's process (the soak's event-loop probe, bench/tools/report-path.ts's probe). */
  nodeArgs?: string[];
  /** Extra environment for the stack's process (the soak's api account on the broker, a probe's settings). */
  env?: Record<string, string>;
  /**
   * What node runs instead of the bridge bundle, e.g. the one-process gateway with its two bundles
   * (bench/suites/collections/one-process-gateway.ts); herdgate only.
   */
  entryArgs?: string[];
}

export interface RunningStack {
  process: StackProcess;
  /** Spawn → online with every expected device interviewed (pairing) or available (restart). */
  startMs: number;
  /** The stack's broker, for suites and tests that talk to the stack over MQTT themselves. */
  mqttUrl?: string;
  /** Publishes a switch command for the lamp; resolves once it is written to the socket. */
  publishOn(ieee: string, on: boolean): Promise<void>;
  /** Arrival instant of the lamp's state message showing `on`. Arm before publishing. */
  waitOn(ieee: string, on: boolean, timeoutMs: number): Promise<number>;
  /** Arrival instant of the contact sensor's state message showing `open`. Arm before acting. */
  waitContact(ieee: string, open: boolean, timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

export interface StackDriver {
  name: string;
  /** The radio this driver's stack is paired with (default deconz). */
  protocol?: RadioProtocol;
  /** What runs, for the method text (versions, broker). */
  describe: string;
  start(options: StackStartOptions): Promise<RunningStack>;
}

/** The same stack on another emulated coordinator (its radio and its herdsman adapter). */
export function onProtocol(driver: StackDriver, protocol: RadioProtocol, label: string): StackDriver {
  return { ...driver, name: `${driver.name} on ${label}`, protocol, start: (options) => driver.start({ ...options, protocol }) };
}
