import { eq } from 'drizzle-orm';
import { radioIdentity } from '../store/schema';
import type { Database, Store } from '../store/types';

/** What the bridge last said about the radio; kept so a restart without it answers the same. */
export interface RadioIdentity {
  bridgeid: string;
  mac: string;
  panid: number;
  zigbeechannel: number;
  fwversion: string;
  devicename: string;
}

export interface RadioMemory {
  last(): RadioIdentity | undefined;
  /** Commits the identity when it differs from the last one (a no-op otherwise). */
  remember(identity: RadioIdentity): Promise<void>;
}

const ROW = 'last';

const same = (a: RadioIdentity | undefined, b: RadioIdentity) =>
  a !== undefined && (Object.keys(b) as (keyof RadioIdentity)[]).every((key) => a[key] === b[key]);

/** Loads the row once at start; writes go through the store so they bump the config ETag. */
export async function loadRadioMemory(db: Database, store: Store): Promise<RadioMemory> {
  const [row] = await db.select().from(radioIdentity).where(eq(radioIdentity.id, ROW));
  let current = row ? (JSON.parse(row.value) as RadioIdentity) : undefined;
  let writing: RadioIdentity | undefined;
  return {
    last: () => current,
    async remember(identity) {
      if (same(current, identity) || same(writing, identity)) return;
      writing = identity;
      const value = JSON.stringify(identity);
      await store
        .write(
          (tx) =>
            tx
              .insert(radioIdentity)
              .values({ id: ROW, value })
              .onConflictDoUpdate({ target: radioIdentity.id, set: { value } })
              .then(() => undefined),
          () => {
            current = identity;
          },
        )
        .finally(() => {
          if (writing === identity) writing = undefined;
        });
    },
  };
}

/** A memory that forgets: for runtimes and tests without the table. */
export function createVolatileRadioMemory(): RadioMemory {
  let current: RadioIdentity | undefined;
  return {
    last: () => current,
    remember: async (identity) => {
      current = identity;
    },
  };
}
