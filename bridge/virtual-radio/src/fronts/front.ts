/**
 * A protocol front: the serial protocol of one coordinator model in front of the shared simulated
 * network. The deCONZ front emulates a ConBee II, the Z-Stack front a CC2652 running Z-Stack 3.x,
 * the EmberZNet front a Silicon Labs EFR32 NCP (EZSP over ASH);
 * the network, devices, control API, faults and state file behind them are the same.
 */
import type { ApsRequest } from '../protocol/index';
import type { CoordinatorInfo, HostPort } from '../network/host-port';
import type { InterPanRequest } from '../network/touchlink';
import type { RadioState } from '../radio/state-file';
import type { ServedFront } from '../radio/tcp-server';

export const RADIO_PROTOCOLS = ['deconz', 'zstack', 'ember'] as const;
export type RadioProtocol = (typeof RADIO_PROTOCOLS)[number];

/** The herdsman adapter that drives each front. */
export const HERDSMAN_ADAPTER: Record<RadioProtocol, string> = { deconz: 'deconz', zstack: 'zstack', ember: 'ember' };

export interface RadioFront extends ServedFront {
  readonly protocol: RadioProtocol;
  readonly host: HostPort;
  readonly coordinator: CoordinatorInfo;
  /** Whether the coordinator's network is up, for /health. */
  networkUp(): boolean;
  /** Protocol facts for /health. */
  health(): Record<string, unknown>;
  /** The front's part of the state file. */
  persist(): Pick<RadioState, 'protocol' | 'networkState' | 'firmware' | 'parameters' | 'znp' | 'ember'>;
}

export interface FrontHooks {
  route(request: ApsRequest): void;
  interPan(request: InterPanRequest): void;
  changed(): void;
  /** The coordinator's own join window (a firmware parameter write, not a ZDO frame). */
  permitJoin?(seconds: number): void;
  now(): number;
  log(event: string, detail?: Record<string, unknown>): void;
}
