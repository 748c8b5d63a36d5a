import type { Controller } from 'zigbee-herdsman';
import type { Logger } from 'pino';

/** The adapter frame herdsman's controller reads (its `zclPayload` event), kept as it came. */
interface Frame {
  address: number | string;
}
/** The part of herdsman's adapter this hold uses; the adapter is the Controller's private member. */
interface AdapterEvents {
  on(event: 'deviceJoined', listener: (payload: { networkAddress: number; ieeeAddr: string }) => void): unknown;
  on(event: 'zclPayload', listener: (payload: Frame) => void): unknown;
  emit(event: 'zclPayload', payload: Frame): boolean;
}

/** Bounds: frames per device (the oldest go), their age, and how many devices are held at once. */
export const JOIN_HOLD_LIMITS = { frames: 32, maxAgeMs: 10 * 60_000, devices: 256 };

/**
 * Frames a device sends between joining and its interview. The bridge paces interviews
 * (interview-pacing.ts): a joining device waits in herdsman's join handler, before herdsman creates
 * it, so herdsman drops what it sends then as coming from an unknown device (a motion sensor's or a
 * switch's first reports). The hold reads the adapter's frames beside the controller, keeps those
 * of a joined device herdsman does not know yet, and gives them back to the controller once the
 * interview succeeded, so they are converted like any other. A device whose interview never
 * succeeds loses them: after `maxAgeMs`, when it leaves, or as the oldest beyond `frames`.
 */
export class JoinHold {
  /** Network address -> IEEE of devices that joined and are not interviewed yet. */
  private readonly joined = new Map<number, { ieee: string; at: number }>();
  private readonly held = new Map<string, Array<{ at: number; frame: Frame }>>();
  private adapter: AdapterEvents | undefined;

  constructor(
    private readonly limits = JOIN_HOLD_LIMITS,
    private readonly now = Date.now,
  ) {}

  /** Read a started controller's adapter frames; without an adapter to read, nothing is held. */
  attach(controller: Controller, log: Logger): void {
    const adapter = (controller as unknown as { adapter?: AdapterEvents }).adapter;
    this.joined.clear();
    this.held.clear();
    this.adapter = adapter;
    if (!adapter) return void log.warn('herdsman has no adapter to read: reports sent before an interview are not kept');
    adapter.on('deviceJoined', ({ networkAddress, ieeeAddr }) => this.join(networkAddress, ieeeAddr));
    adapter.on('zclPayload', (frame) => {
      if (typeof frame.address === 'number' && !controller.getDeviceByNetworkAddress(frame.address)) this.take(frame);
    });
  }

  join(networkAddress: number, ieee: string): void {
    this.prune();
    if (this.joined.size < this.limits.devices || this.joined.has(networkAddress)) this.joined.set(networkAddress, { ieee, at: this.now() });
  }

  /** A frame herdsman drops (its sender is not in its database): kept when the sender joined. */
  take(frame: Frame): void {
    const ieee = typeof frame.address === 'number' ? this.joined.get(frame.address)?.ieee : undefined;
    if (ieee === undefined) return;
    const frames = this.held.get(ieee) ?? [];
    frames.push({ at: this.now(), frame });
    if (frames.length > this.limits.frames) frames.shift();
    this.held.set(ieee, frames);
  }

  /** The interview succeeded: the frames still fresh go to the controller again, in order. */
  release(ieee: string): number {
    const fresh = (this.held.get(ieee) ?? []).filter((f) => this.now() - f.at <= this.limits.maxAgeMs);
    this.forget(ieee);
    for (const { frame } of fresh) this.adapter?.emit('zclPayload', frame);
    return fresh.length;
  }

  forget(ieee: string): void {
    this.held.delete(ieee);
    for (const [address, joined] of this.joined) if (joined.ieee === ieee) this.joined.delete(address);
  }

  /** Devices that joined too long ago: their interview did not succeed in time. */
  private prune(): void {
    for (const { ieee, at } of [...this.joined.values()]) if (this.now() - at > this.limits.maxAgeMs) this.forget(ieee);
  }
}
