import { secp256k1 } from '@noble/curves/secp256k1.js';
import { BundleFormatError, u16le } from './riff-reader';

/**
 * The two public keys dresden elektronik signs official bundles with (compressed secp256k1, as
 * built into deCONZ): a bundle signed by one of them is an official stable or beta release.
 */
export const OFFICIAL_KEYS: Readonly<Record<'stable' | 'beta', string>> = {
  stable: '03932d60a33544fdb9202b41a768cdd8709082bde8cd85472168c52ad8c3e576f6',
  beta: '02ab93423860d39d2cdcbca0f9042bd1a245edb6dcc10c4cff1b78e9f243f53f1e',
};

export interface BundleSignature {
  /** Public key, compressed, hex. */
  key: string;
  /** Which official key made it; null for any other key. */
  official: 'stable' | 'beta' | null;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A SIGN chunk: repeated `u16 key length, key, u16 signature length, signature`, each an ECDSA
 * secp256k1 signature (compact r‖s) over the bundle hash. Every signature must verify: one that
 * does not means the bundle was altered after signing, and the whole bundle is refused.
 */
export function verifySignatures(sign: Uint8Array, bundleHash: Uint8Array): BundleSignature[] {
  const out: BundleSignature[] = [];
  let at = 0;
  const take = (what: string): Uint8Array => {
    if (sign.length - at < 2) throw new BundleFormatError(`SIGN: ${what} length missing`);
    const length = u16le(sign, at);
    if (length > sign.length - at - 2) throw new BundleFormatError(`SIGN: ${what} of ${length} bytes runs past the chunk`);
    const value = sign.subarray(at + 2, at + 2 + length);
    at += 2 + length;
    return value;
  };
  while (at < sign.length) {
    const key = take('public key');
    const signature = take('signature');
    if (key.length !== 33 || signature.length !== 64)
      throw new BundleFormatError(`SIGN: expected a 33-byte key and a 64-byte signature, got ${key.length} and ${signature.length}`);
    let valid = false;
    try {
      valid = secp256k1.verify(signature, bundleHash, key, { prehash: false, lowS: false });
    } catch {
      valid = false;
    }
    if (!valid) throw new BundleFormatError(`SIGN: the signature by ${hex(key)} does not match the bundle hash`);
    const keyHex = hex(key);
    const official = (Object.keys(OFFICIAL_KEYS) as Array<'stable' | 'beta'>).find((name) => OFFICIAL_KEYS[name] === keyHex) ?? null;
    out.push({ key: keyHex, official });
  }
  return out;
}
