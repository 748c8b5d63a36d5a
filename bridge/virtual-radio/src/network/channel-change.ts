/**
 * A network moving to another channel, as real devices live it. The host broadcasts
 * Mgmt_NWK_Update_req with scan duration 0xFE (herdsman's deconz driver to 0xFFFD, the
 * rx-on-when-idle devices; its Controller to 0xFFFF). Every device the broadcast reaches follows
 * the network; one it misses (a sleepy end device on 0xFFFD, a device that is off) stays on the old
 * channel, unreachable, and at its next poll finds its parent gone, scans, and rejoins on the new
 * channel with its old address (a Device_annce). Until then it hears nothing and is heard by no one.
 */
import type { Clock } from './clock';
import type { DeviceRegistry, JoinedDevice } from './registry';
import type { Timing } from './timing';
import type { Ieee } from './types';

/** Scan duration 0xFE in Mgmt_NWK_Update_req means "change channel", not "scan". */
const CHANGE_CHANNEL = 0xfe;
/** How often a stranded device looks again while the coordinator has not moved yet. */
const RECHECK_MS = 100;
/** Give up waiting for the coordinator after this many looks: the change did not happen. */
const MAX_LOOKS = 300;

export interface ChannelChangeDeps {
  registry: DeviceRegistry;
  clock: Clock;
  timing: Timing;
  /** The coordinator's channel now. */
  channel(): number;
  /** Whether the coordinator's network is up. */
  networkUp(): boolean;
  /** The device rejoins (membership announces it). */
  rejoin(ieee: Ieee): void;
  log(event: string, detail?: Record<string, unknown>): void;
}

/** The channel asked for by a Mgmt_NWK_Update_req asdu (tsn, mask u32 LE, duration, update id), or undefined. */
export function requestedChannel(asdu: Uint8Array): number | undefined {
  if (asdu.length < 6 || asdu[5] !== CHANGE_CHANNEL) return undefined;
  const mask = (asdu[1] | (asdu[2] << 8) | (asdu[3] << 16) | (asdu[4] << 24)) >>> 0;
  for (let channel = 11; channel <= 26; channel += 1) if (mask & (1 << channel)) return channel;
  return undefined;
}

export class ChannelChanges {
  constructor(private readonly deps: ChannelChangeDeps) {}

  /** True while the device sits on a channel the network left. */
  stranded(entry: JoinedDevice): boolean {
    return entry.channel !== undefined && entry.channel !== this.deps.channel();
  }

  /**
   * The broadcast went out to `address`: devices it reaches follow; the others are pinned to the old
   * channel and rejoin at their next poll once the coordinator has moved.
   */
  broadcast(address: number, asdu: Uint8Array): void {
    const target = requestedChannel(asdu);
    const from = this.deps.channel();
    if (target === undefined || target === from) return;
    const missed: Ieee[] = [];
    for (const entry of this.deps.registry.all()) {
      if (this.stranded(entry)) continue;
      if (entry.online && reaches(address, entry)) continue;
      entry.channel = from;
      missed.push(entry.device.identity.ieee);
      if (entry.online) this.scheduleRejoin(entry.device.identity.ieee, 0);
    }
    this.deps.log('channel-change', { from, to: target, missed });
  }

  /**
   * Looks until the coordinator runs on its new channel, then (its failed polls, the scan) rejoins
   * `lostParentMs` plus its poll phase later, if the network is still up there.
   */
  private scheduleRejoin(ieee: Ieee, looks: number): void {
    this.deps.clock.setTimeout(() => {
      const now = this.deps.registry.get(ieee);
      if (!now || now.channel === undefined || !now.online) return;
      if (this.stranded(now) && this.deps.networkUp()) {
        this.deps.clock.setTimeout(() => {
          const later = this.deps.registry.get(ieee);
          if (later && this.stranded(later) && later.online && this.deps.networkUp()) this.deps.rejoin(ieee);
          else if (later?.channel !== undefined) this.scheduleRejoin(ieee, looks + 1);
        }, this.deps.timing.lostParentMs + this.untilPoll(ieee));
        return;
      }
      if (looks >= MAX_LOOKS) {
        now.channel = undefined;
        return;
      }
      this.scheduleRejoin(ieee, looks + 1);
    }, RECHECK_MS);
  }

  /** Each sleepy device polls at its own phase. */
  private untilPoll(ieee: Ieee): number {
    const interval = Math.max(this.deps.timing.pollIntervalMs, 1);
    return Number.parseInt(ieee.slice(-4), 16) % interval;
  }
}

function reaches(address: number, entry: JoinedDevice): boolean {
  const id = entry.device.identity;
  if (address === 0xfffc) return id.logicalType === 'router';
  if (address === 0xfffd) return id.rxOnWhenIdle;
  return true;
}
