/**
 * What a cluster behaviour is and what it may touch. Behaviours are small modules registered by cluster
 * name (see behaviours/index.ts) and composed per endpoint from the catalogue's in/out cluster lists.
 */
import type { Ieee } from '../network/types';
import type { ClusterDef, CommandPayload, ZclValue } from '../zcl/index';
import type { DeviceBehaviourConfig } from './catalogue-schema';
import type { DeviceMemory } from './memory';
import type { SendOptions } from './send-options';
import type { Timers } from './timers';
import type { TuyaMcu } from './tuya-mcu';
import type { OtaClient } from './ota/ota-client';

export interface CommandCall {
  endpoint: number;
  cluster: ClusterDef;
  args: CommandPayload;
  /** Set when the command arrived as a groupcast. */
  group?: number;
  /** The frame's ZCL sequence number, the sender's endpoint and whether it was a broadcast. */
  tsn?: number;
  srcEndpoint?: number;
  broadcast?: boolean;
}

/** How the device answers a command: a default response with this status, a cluster response, or nothing. */
export type CommandOutcome = { status: number } | { response: string; payload: Partial<CommandPayload> } | { silent: true };

export type CommandHandler = (host: BehaviourHost, call: CommandCall) => CommandOutcome;

export type { SendOptions };

/** The device as a behaviour sees it. */
export interface BehaviourHost {
  readonly config: DeviceBehaviourConfig;
  readonly timers: Timers;
  readonly memory: DeviceMemory;
  /** A Tuya device's MCU (its catalogue entry declares data points), else undefined. */
  readonly tuya?: TuyaMcu;
  /** The OTA upgrade client (its catalogue entry has `ota`), else undefined. */
  readonly ota?: OtaClient;
  now(): number;
  coordinatorIeee(): Ieee;
  has(endpoint: number, cluster: string): boolean;
  /** The endpoint's server clusters, in descriptor order. */
  inClusters(endpoint: number): number[];
  get(endpoint: number, cluster: string, attr: string): ZclValue | undefined;
  num(endpoint: number, cluster: string, attr: string, fallback?: number): number;
  /** A value the device announces by itself, reported to its bindings or else the coordinator. */
  announce(endpoint: number, cluster: string, attr: string, value: ZclValue): void;
  /** Changes an attribute as the device itself would (reports and persistence follow). */
  set(endpoint: number, cluster: string, attr: string, value: ZclValue): void;
  sendCommand(endpoint: number, cluster: string, command: string, payload: CommandPayload, options: SendOptions): void;
  /** Tell the radio that persisted non-attribute state (groups, scenes, bindings) changed. */
  changed(): void;
  /** Apply captured scene values to a cluster through its behaviour (with a transition). */
  applyScene(endpoint: number, clusterId: number, values: Record<string, number>, transitionMs: number): void;
}

export interface Behaviour {
  /** Default attribute values seeded when the endpoint serves this cluster (catalogue values win). */
  defaults?: Record<string, ZclValue>;
  /** Client → server commands handled by the server side. */
  commands?: Record<string, CommandHandler>;
  /** Server → client commands handled by the client side (e.g. a keypad receiving panel status). */
  clientCommands?: Record<string, CommandHandler>;
  /** Before the host reads the cluster's attributes (a clock brings itself up to date). */
  beforeRead?(host: BehaviourHost, endpoint: number): void;
  /** Whether the device takes a value the host writes: a ZCL status (0 = yes, else e.g. INVALID_VALUE). */
  accepts?(host: BehaviourHost, endpoint: number, attr: string, value: ZclValue): number;
  /** After the host wrote an attribute. */
  written?(host: BehaviourHost, endpoint: number, attr: string, value: ZclValue): void;
  /** Applies scene values (attribute name → value) over `transitionMs`. */
  applyScene?(host: BehaviourHost, endpoint: number, values: Record<string, number>, transitionMs: number): void;
  /** Timers that run while the device is started (identify countdown, drift). */
  start?(host: BehaviourHost, endpoint: number): void;
}
