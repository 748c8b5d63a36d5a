/**
 * Group memberships the gateway cannot vouch for, per group. A membership request that failed may
 * still have reached the device (the bridge died after the device took it, before answering), so
 * the device's group table may differ from the stored member list. Each doubted membership is
 * asserted again, to what the gateway stores, by the group's next membership write and whenever
 * the bridge comes back (`repair-memberships.ts`). Memory only: after an api restart the stored
 * list is taken as true, as before.
 *
 * Membership writes of one group run one at a time (`exclusive`), so a repair and a client's write
 * cannot interleave their requests and leave the device out of step again.
 */
export class MembershipDoubts {
  private readonly doubts = new Map<string, Set<string>>();
  private readonly chains = new Map<string, Promise<unknown>>();

  doubt(group: string, light: string): void {
    let lights = this.doubts.get(group);
    if (!lights) this.doubts.set(group, (lights = new Set()));
    lights.add(light);
  }

  settle(group: string, light: string): void {
    const lights = this.doubts.get(group);
    lights?.delete(light);
    if (lights?.size === 0) this.doubts.delete(group);
  }

  /** Lights of `group` whose membership on the device is in doubt. */
  of(group: string): string[] {
    return [...(this.doubts.get(group) ?? [])];
  }

  /** Groups with at least one doubted membership. */
  groups(): string[] {
    return [...this.doubts.keys()];
  }

  forget(group: string): void {
    this.doubts.delete(group);
  }

  /** Runs `task` after every earlier task of the same group has finished. */
  exclusive<T>(group: string, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(group) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(task);
    const tail = run.catch(() => undefined);
    this.chains.set(group, tail);
    void tail.then(() => { if (this.chains.get(group) === tail) this.chains.delete(group); });
    return run;
  }
}
