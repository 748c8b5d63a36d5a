/**
 * Zigbee install codes (Zigbee spec Annex B.6, BDB): 6, 8, 12 or 16 bytes followed by their
 * CRC-16/X-25 (low byte first); the preconfigured link key is the AES-128 Matyas-Meyer-Oseas hash
 * of code + CRC. Web Crypto only, so it runs on every runtime.
 */
export const INSTALL_CODE_SIZES = [6, 8, 12, 16] as const;

export type InstallCodeCheck = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** CRC-16/X-25: polynomial 0x1021 reflected (0x8408), init 0xFFFF, final XOR 0xFFFF. */
export function crc16x25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return (crc ^ 0xffff) & 0xffff;
}

/** A hex install code with its CRC: size and CRC checked. */
export function checkInstallCode(hex: string): InstallCodeCheck {
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return { ok: false, reason: 'not a hex string' };
  const bytes = new Uint8Array(hex.length / 2).map((_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  const size = bytes.length - 2;
  if (!(INSTALL_CODE_SIZES as readonly number[]).includes(size))
    return { ok: false, reason: `${bytes.length} bytes; expected 6, 8, 12 or 16 bytes plus the 2-byte CRC` };
  const crc = crc16x25(bytes.subarray(0, size));
  if (bytes[size] !== (crc & 0xff) || bytes[size + 1] !== crc >> 8) return { ok: false, reason: 'the CRC does not match the code' };
  return { ok: true, bytes };
}

/** AES-128 of one block: CBC with a zero IV over one block is ECB (Web Crypto has no ECB). */
async function encryptBlock(key: Uint8Array, block: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, 'AES-CBC', false, ['encrypt']);
  const out = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, cryptoKey, block as Uint8Array<ArrayBuffer>);
  return new Uint8Array(out, 0, 16);
}

/** AES-MMO hash: pad with 0x80, zeros to 14 mod 16, then the bit length (16 bits big-endian). */
export async function aesMmoHash(message: Uint8Array): Promise<Uint8Array> {
  const padded = new Uint8Array(Math.ceil((message.length + 3) / 16) * 16);
  padded.set(message);
  padded[message.length] = 0x80;
  const bits = message.length * 8;
  padded[padded.length - 2] = (bits >> 8) & 0xff;
  padded[padded.length - 1] = bits & 0xff;
  let hash = new Uint8Array(16);
  for (let offset = 0; offset < padded.length; offset += 16) {
    const block = padded.slice(offset, offset + 16);
    const encrypted = await encryptBlock(hash, block);
    hash = encrypted.map((byte, i) => byte ^ block[i]);
  }
  return hash;
}

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
