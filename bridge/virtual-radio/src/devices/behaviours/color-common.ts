/** What the colour-control modules share: capability bits, colour modes and the capability gate. */
import type { BehaviourHost, CommandHandler } from '../behaviour';

export const C = 'lightingColorCtrl';
export const OK = { status: 0 } as const;
export const UNSUPPORTED = { status: 0x81 } as const;
export const INVALID_FIELD = { status: 0x85 } as const;

export const Capability = { hueSat: 0x01, enhancedHue: 0x02, loop: 0x04, xy: 0x08, ct: 0x10 } as const;
export const Mode = { hueSat: 0, xy: 1, ct: 2, enhancedHue: 3 } as const;

/** currentX/currentY top out at 0xFEFF (ZCL 5.2.2.2.1.4). */
export const XY_MAX = 0xfeff;

export const tenthsToMs = (t: unknown) => (Number(t) === 0xffff ? 0 : Number(t) * 100);

export function setMode(host: BehaviourHost, ep: number, mode: number): void {
  host.set(ep, C, 'colorMode', mode === Mode.enhancedHue ? Mode.hueSat : mode);
  host.set(ep, C, 'enhancedColorMode', mode);
}

/** Wraps a handler so it only runs when the lamp has the capability. */
export function needs(cap: number, handler: CommandHandler): CommandHandler {
  return (host, call) => ((host.num(call.endpoint, C, 'colorCapabilities') & cap) === 0 ? UNSUPPORTED : handler(host, call));
}
