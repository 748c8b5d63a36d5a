/**
 * SLIP framing (RFC 1055) as the ConBee firmware uses it: END 0xC0 around each frame, ESC 0xDB,
 * with 0xC0 → DB DC and 0xDB → DB DD inside the data.
 */
const END = 0xc0;
const ESC = 0xdb;
const ESC_END = 0xdc;
const ESC_ESC = 0xdd;

/** Encodes one frame with END before and after (what herdsman itself sends). */
export function slipEncode(frame: Uint8Array): Uint8Array {
  const out: number[] = [END];
  for (const byte of frame) {
    if (byte === END) out.push(ESC, ESC_END);
    else if (byte === ESC) out.push(ESC, ESC_ESC);
    else out.push(byte);
  }
  out.push(END);
  return Uint8Array.from(out);
}

/**
 * Streaming decoder: feed it socket chunks, get whole frames back. A leading END is optional and
 * empty frames (END END) are skipped, so both framing styles work.
 */
export class SlipDecoder {
  private buffer: number[] = [];
  private escaping = false;

  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    for (const byte of chunk) {
      if (this.escaping) {
        this.escaping = false;
        // An unknown escape keeps the byte as is: lenient, the checksum catches real corruption.
        this.buffer.push(byte === ESC_END ? END : byte === ESC_ESC ? ESC : byte);
      } else if (byte === ESC) {
        this.escaping = true;
      } else if (byte === END) {
        if (this.buffer.length > 0) frames.push(Uint8Array.from(this.buffer));
        this.buffer = [];
      } else {
        this.buffer.push(byte);
      }
    }
    return frames;
  }
}
