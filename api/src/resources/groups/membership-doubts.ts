import { and, eq } from 'drizzle-orm';
import { groupMembershipDoubts } from '../../store/schema';
import type { Store } from '../../store/types';

/**
 * Group memberships the gateway cannot vouch for, per group. A membership request that failed may
 * still have reached the device (the bridge died after the device took it, before answering), so
 * the device's group table may differ from the stored member list. Each doubted membership is
 * asserted again, to what the gateway stores, by the group's next membership write and whenever
 * the bridge comes back (`repair-memberships.ts`). Kept in libSQL (`group_membership_doubts`, not a
 * revision: no resource shows it) and written before the request that raised or settled a doubt is
 * answered, so a restart of the api still repairs what it could not vouch for; memory is the read path.
 *
 * Membership writes of one group run one at a time (`exclusive`), so a repair and a client's write
 * cannot interleave their requests and leave the device out of step again.
 */
export class MembershipDoubts {
  private readonly doubts = new Map<string, Set<string>>();
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly store: Store) {}

  async load(): Promise<void> {
    for (const row of await this.store.read((tx) => tx.select().from(groupMembershipDoubts))) this.remember(row.groupId, row.lightId);
  }

  async doubt(group: string, light: string): Promise<void> {
    if (this.doubts.get(group)?.has(light)) return;
    await this.store.writeUnseen(
      async (tx) => {
        await tx.insert(groupMembershipDoubts).values({ groupId: group, lightId: light }).onConflictDoNothing();
      },
      () => this.remember(group, light),
    );
  }

  async settle(group: string, light: string): Promise<void> {
    if (!this.doubts.get(group)?.has(light)) return;
    await this.store.writeUnseen(
      async (tx) => {
        await tx.delete(groupMembershipDoubts).where(and(eq(groupMembershipDoubts.groupId, group), eq(groupMembershipDoubts.lightId, light)));
      },
      () => {
        const lights = this.doubts.get(group);
        lights?.delete(light);
        if (lights?.size === 0) this.doubts.delete(group);
      },
    );
  }

  private remember(group: string, light: string): void {
    let lights = this.doubts.get(group);
    if (!lights) this.doubts.set(group, (lights = new Set()));
    lights.add(light);
  }

  /** Lights of `group` whose membership on the device is in doubt. */
  of(group: string): string[] {
    return [...(this.doubts.get(group) ?? [])];
  }

  /** Groups with at least one doubted membership. */
  groups(): string[] {
    return [...this.doubts.keys()];
  }

  async forget(group: string): Promise<void> {
    if (!this.doubts.has(group)) return;
    await this.store.writeUnseen(
      async (tx) => {
        await tx.delete(groupMembershipDoubts).where(eq(groupMembershipDoubts.groupId, group));
      },
      () => this.doubts.delete(group),
    );
  }

  /** Runs `task` after every earlier task of the same group has finished. */
  exclusive<T>(group: string, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(group) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(task);
    const tail = run.catch(() => undefined);
    this.chains.set(group, tail);
    void tail.then(() => {
      if (this.chains.get(group) === tail) this.chains.delete(group);
    });
    return run;
  }
}
