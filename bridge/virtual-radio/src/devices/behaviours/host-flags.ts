/**
 * A radiator valve that keeps its mode, display and lock in one vendor bitmap (Eurotronic's host
 * flags; a device without the attribute has none of this). The host writes bit 2 for "always heat",
 * bit 4 for "auto" and bit 5 for "off", bit 1 to mirror the display and bit 7 to lock the keys; the
 * valve keeps mirror and lock as written and reports its mode its own way: bit 4 set while off,
 * bit 2 while heating regardless of schedule, neither in auto. The ZCL system mode follows.
 */
import type { BehaviourHost } from '../behaviour';

const T = 'hvacThermostat';
const FLAGS = 'eurotronicHostFlags';
const Bit = { mirror: 0x02, heat: 0x04, auto: 0x10, off: 0x20, lock: 0x80 } as const;
const Mode = { off: 0, auto: 1, heat: 4 } as const;

/** The host flags the valve holds after the host wrote `written`. */
export function heldFlags(written: number): number {
  const kept = written & (Bit.mirror | Bit.lock | 0x01);
  if (written & Bit.off) return kept | Bit.auto;
  if (written & Bit.heat) return kept | Bit.heat;
  return kept;
}

/** The ZCL system mode a flags value stands for (the converters read it the same way). */
export const modeOfFlags = (flags: number) => (flags & (Bit.auto | Bit.off) ? Mode.off : flags & Bit.heat ? Mode.heat : Mode.auto);

/** After a host wrote an attribute: the flags as the valve keeps them, and its system mode. */
export function hostFlagsWritten(host: BehaviourHost, ep: number, attr: string, value: unknown): void {
  if (attr !== FLAGS || typeof value !== 'number') return;
  const held = heldFlags(value);
  host.set(ep, T, FLAGS, held);
  host.set(ep, T, 'systemMode', modeOfFlags(held));
}
