import { stringifySorted } from '../events/sorted-json';

const encoder = new TextEncoder();

/**
 * One serialised JSON answer and the inputs it was built from. A read between changes costs a
 * comparison of those inputs instead of building, sorting and encoding the body; the bytes are
 * kept, so the server does not encode the text again per request either.
 */
export class BodyCache {
  private key: readonly unknown[] | undefined;
  private bytes = new Uint8Array(0);

  /** The encoded body for `key` (compared item by item with `Object.is`); `build` runs only when it changed. */
  get(key: readonly unknown[], build: () => unknown): Uint8Array<ArrayBuffer> {
    if (!this.key || !sameItems(this.key, key)) {
      this.bytes = encoder.encode(stringifySorted(build()));
      this.key = key;
    }
    return this.bytes;
  }
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** One cache per owner object (a model of one gateway), so test gateways in one process never share a body. */
const perOwner = new WeakMap<object, BodyCache>();

/**
 * The encoded body owned by `owner` for `key`; a collection route passes its model and ETag, so
 * every change (which moves the ETag) rebuilds it once and reads in between cost a comparison.
 */
export function cachedBody(owner: object, key: readonly unknown[], build: () => unknown): Uint8Array<ArrayBuffer> {
  let cache = perOwner.get(owner);
  if (!cache) perOwner.set(owner, (cache = new BodyCache()));
  return cache.get(key, build);
}
