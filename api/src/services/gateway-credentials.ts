import type { Store } from '../store/types';
import { hashCredentials, verifyCredentials } from '../lib/credentials';

/**
 * At start: the configured default login (GATEWAY_USER/GATEWAY_PASSWORD) becomes the stored one,
 * unless a password was changed through the API, which then wins until the next reset.
 */
export async function syncDefaultCredentials(store: Store, user: string, password: string): Promise<void> {
  const stored = store.credentials();
  if (stored?.source === 'api') return;
  if (stored && (await verifyCredentials(stored, user, password))) return;
  await store.setCredentials(await hashCredentials(user, password, 'env'));
}
