import { deviceDdfPolicies } from '../../store/schema';
import type { Store, Transaction } from '../../store/types';
import type { PolicyRecord } from './types';

/** Every stored policy, read once at start. */
export async function loadPolicies(store: Store): Promise<Map<string, PolicyRecord>> {
  const rows = await store.read((tx) => tx.select().from(deviceDdfPolicies));
  return new Map(rows.map((row) => [row.mac, row.hash ? { policy: row.policy, hash: row.hash } : { policy: row.policy }]));
}

export async function savePolicy(tx: Transaction, mac: string, record: PolicyRecord): Promise<void> {
  const values = { mac, policy: record.policy, hash: record.hash ?? null };
  await tx
    .insert(deviceDdfPolicies)
    .values(values)
    .onConflictDoUpdate({ target: deviceDdfPolicies.mac, set: { policy: values.policy, hash: values.hash } });
}
