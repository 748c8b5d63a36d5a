/**
 * UNPI framing of TI's Monitor-and-Test (MT) protocol: `FE len cmd0 cmd1 data… fcs`, where cmd0 is
 * `type << 5 | subsystem` and the FCS is the XOR of every byte after the start byte. Pure: bytes in,
 * frames out.
 */
export const SOF = 0xfe;

export const MtType = { SREQ: 1, AREQ: 2, SRSP: 3 } as const;

export const Subsystem = { RPC_ERROR: 0, SYS: 1, AF: 4, ZDO: 5, UTIL: 7, APP_CNF: 15, GP: 21 } as const;

export interface MtFrame {
  type: number;
  subsystem: number;
  command: number;
  data: Uint8Array;
}

export function fcs(bytes: Uint8Array): number {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x;
}

export function encodeUnpi(frame: MtFrame): Uint8Array {
  if (frame.data.length > 255) throw new RangeError(`MT payload of ${frame.data.length} bytes exceeds 255`);
  const out = new Uint8Array(frame.data.length + 5);
  out[0] = SOF;
  out[1] = frame.data.length;
  out[2] = ((frame.type & 0x07) << 5) | (frame.subsystem & 0x1f);
  out[3] = frame.command;
  out.set(frame.data, 4);
  out[out.length - 1] = fcs(out.subarray(1, out.length - 1));
  return out;
}

export type UnpiEvent = { ok: true; frame: MtFrame } | { ok: false; error: string };

/**
 * Reassembles frames from a byte stream. Bytes before a start byte are skipped (herdsman may send a
 * lone 0xEF bootloader-skip byte); a frame with a wrong FCS is reported and dropped.
 */
export class UnpiDecoder {
  private buffer = new Uint8Array(0);

  push(chunk: Uint8Array): UnpiEvent[] {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    const events: UnpiEvent[] = [];
    let pos = 0;
    while (pos < joined.length) {
      if (joined[pos] !== SOF) {
        pos += 1;
        continue;
      }
      if (joined.length - pos < 2) break;
      const total = joined[pos + 1] + 5;
      if (joined.length - pos < total) break;
      const body = joined.subarray(pos + 1, pos + total - 1);
      if (fcs(body) !== joined[pos + total - 1]) {
        events.push({ ok: false, error: 'bad FCS' });
      } else {
        events.push({ ok: true, frame: { type: body[1] >> 5, subsystem: body[1] & 0x1f, command: body[2], data: body.slice(3) } });
      }
      pos += total;
    }
    this.buffer = joined.slice(pos);
    return events;
  }
}
