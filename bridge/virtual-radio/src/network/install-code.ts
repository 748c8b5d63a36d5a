/**
 * Install codes as a Zigbee 3.0 device and its trust centre use them (Zigbee spec Annex B.6): the
 * code (6, 8, 12 or 16 bytes) ends with its CRC-16/X-25 (low byte first), and the preconfigured
 * link key is the AES-128 Matyas-Meyer-Oseas hash of code + CRC. Written here from the spec, not
 * taken from zigbee-herdsman, so the two sides check each other.
 */
import { createCipheriv } from 'node:crypto';

const CODE_SIZES = [6, 8, 12, 16];

/** CRC-16/X-25: polynomial 0x1021 reflected (0x8408), init 0xFFFF, final XOR 0xFFFF. */
export function crc16x25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return (crc ^ 0xffff) & 0xffff;
}

function encryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return new Uint8Array(Buffer.concat([cipher.update(block), cipher.final()]));
}

/** AES-MMO hash: pad with 0x80, zeros to 14 mod 16, the bit length (16 bits big-endian). */
export function aesMmoHash(message: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil((message.length + 3) / 16) * 16);
  padded.set(message);
  padded[message.length] = 0x80;
  const bits = message.length * 8;
  padded[padded.length - 2] = (bits >> 8) & 0xff;
  padded[padded.length - 1] = bits & 0xff;
  let hash = new Uint8Array(16);
  for (let offset = 0; offset < padded.length; offset += 16) {
    const block = padded.subarray(offset, offset + 16);
    const encrypted = encryptBlock(hash, block);
    hash = encrypted.map((byte, i) => byte ^ block[i]);
  }
  return hash;
}

/** The link key of an install code given as hex (CRC included); throws on a bad size or CRC. */
export function linkKeyOfInstallCode(hex: string): Uint8Array {
  const bytes = Uint8Array.from(Buffer.from(hex, 'hex'));
  const size = bytes.length - 2;
  if (!CODE_SIZES.includes(size) || bytes.length * 2 !== hex.length) throw new Error(`install code ${hex}: expected 6, 8, 12 or 16 bytes plus the CRC`);
  const crc = crc16x25(bytes.subarray(0, size));
  if (bytes[size] !== (crc & 0xff) || bytes[size + 1] !== crc >> 8) throw new Error(`install code ${hex}: CRC mismatch`);
  return aesMmoHash(bytes);
}
