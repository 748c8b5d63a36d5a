import type { CommandOutcome } from '../../services/bridge-link';

/**
 * The state writes in flight per light, in send order, so a write the bridge answers `superseded`
 * (a newer write covering all its items replaced it before it went out, e.g. a dimmer slider) can
 * answer as the newest write does: success when the newest was acknowledged, its error when not.
 * The user replaced the value themselves; that is no failure of the older request.
 */
export class LatestWrites {
  private readonly writes = new Map<string, Array<{ seq: number; outcome: Promise<CommandOutcome> }>>();
  private seq = 0;

  /** Record a write; returns its sequence number. The entry leaves once the outcome is known. */
  track(lightId: string, outcome: Promise<CommandOutcome>): number {
    const seq = (this.seq += 1);
    const list = this.writes.get(lightId) ?? [];
    list.push({ seq, outcome });
    this.writes.set(lightId, list);
    // Kept a moment after it settles, so an older write answered just after can still find it.
    const forget = () => setTimeout(() => this.forget(lightId, seq), 1_000);
    outcome.then(forget, forget);
    return seq;
  }

  /**
   * The outcome that decides a superseded write: the newest write to the light after `seq`,
   * followed while that one was superseded too. Undefined when no newer write went through the api
   * (another MQTT client replaced the value): nothing failed then either.
   */
  async settle(lightId: string, seq: number): Promise<CommandOutcome | undefined> {
    let current = seq;
    for (;;) {
      const newer = (this.writes.get(lightId) ?? []).filter((w) => w.seq > current).at(-1);
      if (!newer) return undefined;
      const outcome = await newer.outcome;
      if (outcome.status === 'ok' || outcome.code !== 'superseded') return outcome;
      current = newer.seq;
    }
  }

  private forget(lightId: string, seq: number): void {
    const list = (this.writes.get(lightId) ?? []).filter((w) => w.seq !== seq);
    if (list.length === 0) this.writes.delete(lightId);
    else this.writes.set(lightId, list);
  }
}
