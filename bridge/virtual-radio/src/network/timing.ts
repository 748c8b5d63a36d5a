/**
 * Timing profiles. `fast` keeps tests quick; `realistic` models air time and MAC retries closer to a
 * real ConBee II network and is what published benchmark figures should name.
 */
export interface Timing {
  /** One hop over the air (request → device, device → coordinator). */
  airMs: number;
  /** Time the MAC spends retrying before it reports no-ack for an unreachable device. */
  macRetryMs: number;
  /** Delay between seeing the permit-join broadcast and the first pooled device joining. */
  joinDelayMs: number;
  /** Spacing between two pooled devices joining, so a big pool does not arrive in one burst. */
  joinSpacingMs: number;
  /**
   * How often a sleepy end device (rx off when idle) polls its parent; frames for it wait for the
   * next poll. 0 delivers at once.
   */
  pollIntervalMs: number;
  /**
   * How long a sleepy end device stranded by a channel change takes, once the network runs on the
   * new channel, to notice (failed polls), scan and rejoin there (plus its poll phase).
   */
  lostParentMs: number;
  /** Share of a real energy scan's listening time (about 1.2 s for 16 channels at duration 2) that passes. */
  energyScanScale: number;
}

export const timingProfiles: Record<'fast' | 'realistic', Timing> = {
  fast: { airMs: 1, macRetryMs: 20, joinDelayMs: 300, joinSpacingMs: 50, pollIntervalMs: 0, lostParentMs: 1_500, energyScanScale: 0.01 },
  realistic: { airMs: 8, macRetryMs: 60, joinDelayMs: 300, joinSpacingMs: 200, pollIntervalMs: 1_000, lostParentMs: 3_000, energyScanScale: 1 },
};
