/** What an EZSP command handler works on: the NCP's tokens and RAM, and ways out of the NCP. */
import type { ApsRequest } from '../protocol/index';
import type { InterPanRequest } from '../network/touchlink';
import type { ByteReader } from './ezsp-codec';
import type { NcpRam, PersistedEmber } from './ncp-state';

export interface NcpContext {
  tokens: PersistedEmber;
  ram: NcpRam;
  /** Queues a callback to the host; it goes out after the response of the command being handled. */
  callback(frameId: number, params: Uint8Array): void;
  /** Routes a request into the simulated network. */
  route(request: ApsRequest): void;
  interPan(request: InterPanRequest): void;
  /** Tokens changed: the state file is written. */
  changed(): void;
  /** The NCP reboots once the current response is out (resetNode): RSTACK to the host. */
  reboot(): void;
  log(event: string, detail?: Record<string, unknown>): void;
  now(): number;
}

/** One command: its parameters in, the response parameters out. */
export type CommandHandler = (ctx: NcpContext, params: ByteReader) => Uint8Array;
