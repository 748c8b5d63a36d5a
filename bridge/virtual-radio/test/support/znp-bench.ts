/**
 * The Z-Stack firmware in process, without TCP or a network: frames in as hex, every frame it sends
 * back out as hex. `mt('61 01 59 06')` writes a whole UNPI frame (start byte, length, FCS) around
 * cmd0, cmd1 and the payload, so golden frames stay readable.
 */
import type { ApsRequest } from '../../src/protocol/index';
import { encodeUnpi, UnpiDecoder } from '../../src/znp/index';
import { NvItem, NvStore } from '../../src/zstack/nv-store';
import { ZnpFirmware } from '../../src/zstack/znp-firmware';

export const hex = (s: string): Uint8Array =>
  Uint8Array.from(
    s
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((b) => Number.parseInt(b, 16)),
  );
export const show = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');

/** A whole UNPI frame around `cmd0 cmd1 data…`: FE, payload length, the bytes, XOR of all but FE. */
export function mt(body: string): string {
  const bytes = hex(body);
  const framed = [bytes.length - 2, ...bytes];
  return show(Uint8Array.from([0xfe, ...framed, framed.reduce((x, b) => x ^ b, 0)]));
}

export const CHIP = '00124b0001020304';

export function znpBench(nv = NvStore.blank(CHIP)) {
  const routed: ApsRequest[] = [];
  const firmware = new ZnpFirmware({ nv, route: (r) => routed.push(r), interPan: () => {}, changed: () => {}, now: () => 0, log: () => {} });
  const out: string[] = [];
  firmware.send = (frame) => out.push(show(encodeUnpi(frame)));
  const decoder = new UnpiDecoder();
  /** Sends one host frame; returns what the firmware sent in answer, in order. */
  /** The frames the firmware sent while `act` ran (a network indication, a timer). */
  const capture = (act: () => void): string[] => {
    out.length = 0;
    act();
    return [...out];
  };
  const send = (frame: string): string[] =>
    capture(() => {
      for (const event of decoder.push(hex(frame))) if (event.ok) firmware.handle(event.frame);
    });
  const item = (id: number) => (nv.get(id) ? show(nv.get(id)!) : undefined);
  return { firmware, nv, routed, send, capture, item, NvItem };
}
