import { scryptAsync } from '@noble/hashes/scrypt.js';

/**
 * deCONZ keeps alarm codes as PHC strings, `$scrypt$N=<n>$r=<r>$p=<p>$<salt>$<hash>`: the salt is
 * a base64url text used as it is (its ASCII bytes), the hash the base64url of the scrypt output.
 * Such a record is checkable as it stands, so a takeover keeps it instead of asking for the PIN
 * again. Pure JavaScript scrypt (no Web Crypto equivalent), so it runs on workerd too.
 */
export interface DeconzScrypt {
  scheme: 'deconz-scrypt';
  phc: string;
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: string;
  hash: Uint8Array;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function fromBase64url(text: string): Uint8Array {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
}

/** The parameters of a deCONZ scrypt record, or undefined when it is not one (or asks for absurd work). */
export function parseDeconzScrypt(phc: string): Parsed | undefined {
  const match = /^\$scrypt\$N=(\d+)\$r=(\d+)\$p=(\d+)\$([^$]+)\$([^$]+)$/.exec(phc);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > 1 << 16 || r < 1 || r > 32 || p < 1 || p > 64) return undefined;
  if (!B64URL.test(match[4]!) || !B64URL.test(match[5]!)) return undefined;
  const hash = fromBase64url(match[5]!);
  if (hash.length < 16) return undefined;
  return { N, r, p, salt: match[4]!, hash };
}

/** Constant-time on the hash, as herdgate's own PIN check. */
export async function verifyDeconzScrypt(record: DeconzScrypt, secret: string): Promise<boolean> {
  const parsed = parseDeconzScrypt(record.phc);
  if (!parsed) return false;
  const candidate = await scryptAsync(secret, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p, dkLen: parsed.hash.length });
  let diff = 0;
  for (let i = 0; i < candidate.length; i++) diff |= candidate[i]! ^ parsed.hash[i]!;
  return diff === 0;
}
