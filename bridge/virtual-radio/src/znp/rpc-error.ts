/**
 * MT's RPC error: a ZNP answers an SREQ it cannot run at once with an SRSP in subsystem 0 (RES0),
 * command 0, carrying the error code and the offending request's cmd0 and cmd1, so a host never
 * waits out its timeout for a command the image does not have.
 */
import { MtType, Subsystem } from './unpi';
import type { MtFrame } from './unpi';

export const RpcErrorCode = { InvalidSubsystem: 0x01, InvalidCommandId: 0x02, InvalidParameter: 0x03, InvalidLength: 0x04 } as const;

export function rpcError(code: number, request: MtFrame): MtFrame {
  const cmd0 = ((request.type & 0x07) << 5) | (request.subsystem & 0x1f);
  return { type: MtType.SRSP, subsystem: Subsystem.RPC_ERROR, command: 0x00, data: Uint8Array.of(code, cmd0, request.command) };
}
