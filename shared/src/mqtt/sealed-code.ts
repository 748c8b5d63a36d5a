/**
 * Keypad PINs cross the broker sealed: the api hands the bridge an RSA-OAEP (SHA-256) public key,
 * the bridge encrypts each typed PIN with it, and only the api holds the private key. Any MQTT
 * client may subscribe to a keypad's event topic; none can read the PIN there. Web Crypto only, so
 * Node and workerd both run it.
 */
const ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** Web Crypto's key type, named without the DOM library. */
export type SealKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export interface KeypadKeyPair {
  publicJwk: { kty: 'RSA'; n: string; e: string };
  privateKey: SealKey;
}

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export async function createKeypadKeyPair(): Promise<KeypadKeyPair> {
  const pair = (await crypto.subtle.generateKey({ ...ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'encrypt',
    'decrypt',
  ])) as { publicKey: SealKey; privateKey: SealKey };
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { publicJwk: { kty: 'RSA', n: jwk.n!, e: jwk.e! }, privateKey: pair.privateKey };
}

export function importKeypadKey(jwk: { kty: 'RSA'; n: string; e: string }): Promise<SealKey> {
  return crypto.subtle.importKey('jwk', { ...jwk, alg: 'RSA-OAEP-256', ext: true }, ALGORITHM, false, ['encrypt']);
}

/** Base64 ciphertext of the PIN. */
export async function sealCode(key: SealKey, code: string): Promise<string> {
  return toBase64(await crypto.subtle.encrypt(ALGORITHM, key, new TextEncoder().encode(code)));
}

/** The PIN, or undefined when the text was not sealed with this key pair. */
export async function openSealedCode(privateKey: SealKey, sealed: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await crypto.subtle.decrypt(ALGORITHM, privateKey, fromBase64(sealed)));
  } catch {
    return undefined;
  }
}
