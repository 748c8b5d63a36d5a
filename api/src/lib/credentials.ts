import type { StoredCredentials } from '../store/types';

/**
 * The gateway login is kept as PBKDF2-SHA-256 through Web Crypto, which both Node and workerd have.
 * The original kept a crypt() MD5 of the Basic header with a fixed salt (deconz-behavior.md §5).
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array {
  return new Uint8Array((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toHex(bits);
}

/** A secret (a password, an alarm PIN) as a salted PBKDF2 hash; the secret itself is never kept. */
export interface SecretHash {
  salt: string;
  hash: string;
  iterations: number;
}

export async function hashSecret(secret: string): Promise<SecretHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: toHex(salt), hash: await derive(secret, salt, ITERATIONS), iterations: ITERATIONS };
}

/** Constant-time on the hash so a timing probe learns nothing about how close a guess was. */
export async function verifySecret(stored: SecretHash, secret: string): Promise<boolean> {
  const candidate = await derive(secret, fromHex(stored.salt), stored.iterations);
  let diff = 0;
  for (let i = 0; i < candidate.length; i++) diff |= candidate.charCodeAt(i) ^ (stored.hash.charCodeAt(i) || 0);
  return diff === 0 && candidate.length === stored.hash.length;
}

export async function hashCredentials(user: string, password: string, source: StoredCredentials['source']): Promise<StoredCredentials> {
  return { user, ...(await hashSecret(password)), source };
}

export async function verifyCredentials(stored: StoredCredentials, user: string, password: string): Promise<boolean> {
  const matches = await verifySecret(stored, password);
  return matches && user === stored.user;
}

/** `base64(user:password)` as in an HTTP Basic header or the password-change "hashes". */
export function decodeUserPassword(encoded: string): { user: string; password: string } | undefined {
  let text: string;
  try {
    const binary = atob(encoded.trim());
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Parses `Authorization: Basic …`; anything else is undefined. */
export function basicAuth(header: string | undefined): { user: string; password: string } | undefined {
  const match = header?.match(/^Basic\s+(\S+)\s*$/i);
  return match?.[1] ? decodeUserPassword(match[1]) : undefined;
}
