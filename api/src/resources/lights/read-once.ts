import type { Store, Transaction } from '../../store/types';

class Loaded<T> extends Error {
  constructor(readonly value: T) {
    super('loaded');
  }
}

/**
 * One read at start. The store only offers `write`, whose commit bumps the revision (and every
 * ETag with it); rolling the transaction back on purpose leaves the revision alone.
 * Replace with `Store.read` once the store has one.
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
