/** One chunk of a RIFF-style file: a four-character tag and the bytes it holds. */
export interface Chunk {
  tag: string;
  /** Offset of the chunk header (tag) in the buffer the chunks were read from. */
  offset: number;
  data: Uint8Array;
}

/** A malformed bundle: the reason is shown to the uploader and logged. */
export class BundleFormatError extends Error {
  override name = 'BundleFormatError';
}

export const u16le = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
export const u32le = (bytes: Uint8Array, at: number) => (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * Splits `bytes` into consecutive chunks (`tag u32-size data`). Every byte must belong to a chunk:
 * a size running past the end (truncated file) or bytes left over are format errors, so a hostile
 * size can never make a reader look outside the buffer.
 */
export function readChunks(bytes: Uint8Array, where: string): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 8) throw new BundleFormatError(`${where}: ${bytes.length - at} stray bytes after the last chunk`);
    const tag = ascii(bytes, at, 4);
    const size = u32le(bytes, at + 4);
    if (size > bytes.length - at - 8)
      throw new BundleFormatError(`${where}: chunk ${printable(tag)} claims ${size} bytes, only ${bytes.length - at - 8} left (truncated?)`);
    chunks.push({ tag, offset: at, data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size;
  }
  return chunks;
}

/** A tag as text safe to show (a hostile file may put anything there). */
export function printable(tag: string): string {
  return /^[\x20-\x7e]{4}$/.test(tag) ? tag : `0x${[...tag].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')}`;
}
