import type { Store, Transaction } from '../store/types';

class Loaded<T> extends Error {
  constructor(readonly value: T) {
    super('loaded');
  }
}

/**
 * Read from the database once at start. The Store only offers `write`, whose commit bumps the
 * revision (and so every ETag); a read rolled back on purpose leaves the revision alone.
 * TODO(store): replace with a `Store.read` once the store offers one.
 */
export async function readOnce<T>(store: Store, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    await store.write(async (tx) => {
      throw new Loaded(await work(tx));
    });
  } catch (error) {
    if (error instanceof Loaded) return error.value as T;
    throw error;
  }
  throw new Error('readOnce: the read did not run');
}

/** A fresh resource etag (unquoted, as the JSON bodies carry it). */
export function newEtag(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
