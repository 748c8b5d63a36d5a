import type { Logger } from 'pino';

/** The longest window one Zigbee permit-join frame can open (the radio takes a byte; 255 means "forever"). */
export const MAX_FRAME_SECONDS = 254;
/** A frame is sent again this long before the previous one runs out, so joining never pauses. */
export const REOPEN_MARGIN_SECONDS = 10;

export interface PermitWindowDeps {
  /** Sends one permit-join frame (at most `MAX_FRAME_SECONDS`); 0 closes. */
  permitJoin(seconds: number, viaIeee?: string): Promise<void>;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  logger: Logger;
  /** The window opened, moved or closed (bridge info follows). */
  onChange(): void;
}

/**
 * A permit-join window of any length up to deCONZ's 65535 s (`networkopenduration`): the radio's
 * frame is limited to 254 s, so the window sends it again before each one runs out until the
 * whole duration has passed. `remaining()` is the whole window's countdown. Closing (0) stops the
 * re-opening and closes the radio at once.
 */
export class PermitWindow {
  private deadline = 0;
  private via: string | undefined;
  private timer: unknown;

  constructor(private readonly deps: PermitWindowDeps) {}

  /** Whole seconds left of the window, 0 when closed. */
  remaining(): number {
    return Math.max(0, Math.ceil((this.deadline - this.deps.now()) / 1000));
  }

  isOpen(): boolean {
    return this.remaining() > 0;
  }

  async open(seconds: number, viaIeee?: string): Promise<void> {
    this.stopReopening();
    this.via = viaIeee;
    if (seconds <= 0) {
      this.deadline = 0;
      this.deps.onChange();
      await this.deps.permitJoin(0, viaIeee);
      return;
    }
    this.deadline = this.deps.now() + seconds * 1000;
    this.deps.onChange();
    try {
      await this.pulse();
    } catch (err) {
      this.deadline = 0;
      this.deps.onChange();
      throw err;
    }
  }

  /** The radio closed on its own (network down, adapter restarted): the window is over. */
  closedByRadio(): void {
    if (this.deadline === 0) return;
    this.stopReopening();
    this.deadline = 0;
    this.deps.onChange();
  }

  stop(): void {
    this.stopReopening();
  }

  private async pulse(): Promise<void> {
    const left = this.remaining();
    if (left <= 0) return;
    const frame = Math.min(MAX_FRAME_SECONDS, left);
    await this.deps.permitJoin(frame, this.via);
    if (left <= frame) return;
    this.deps.logger.info({ seconds: frame, remaining: left }, 'permit join sent again to keep the network open');
    this.timer = this.deps.setTimer(
      () => {
        this.timer = undefined;
        this.pulse().catch((err: unknown) => {
          this.deps.logger.warn({ err }, 'permit join could not be sent again; the network closes');
          this.closedByRadio();
        });
      },
      (frame - REOPEN_MARGIN_SECONDS) * 1000,
    );
  }

  private stopReopening(): void {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = undefined;
  }
}
