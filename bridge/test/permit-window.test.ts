import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_SECONDS, PermitWindow, REOPEN_MARGIN_SECONDS } from '../src/features/permit-window';

/** A window longer than one radio frame, on a manual clock with manual timers. */
function harness(options: { failAfter?: number } = {}) {
  let now = 0;
  const frames: number[] = [];
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  let changes = 0;
  const window = new PermitWindow({
    permitJoin: async (seconds) => {
      if (options.failAfter !== undefined && frames.length >= options.failAfter) throw new Error('radio refused');
      frames.push(seconds);
    },
    now: () => now,
    setTimer: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimer: (id) => {
      timers.delete(id as number);
    },
    logger: pino({ level: 'silent' }),
    onChange: () => {
      changes += 1;
    },
  });
  /** Moves the clock, firing due timers in order (each may set the next). */
  const advance = async (seconds: number) => {
    const until = now + seconds * 1000;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    now = until;
  };
  return { window, frames, timers, advance, changes: () => changes };
}

describe('permit window', () => {
  it('should keep the network open for a whole 600 s search with 254 s frames sent before each runs out', async () => {
    const h = harness();
    await h.window.open(600);
    expect(h.frames).toEqual([MAX_FRAME_SECONDS]);
    expect(h.window.remaining()).toBe(600);
    await h.advance(MAX_FRAME_SECONDS - REOPEN_MARGIN_SECONDS);
    expect(h.frames).toEqual([254, 254]);
    expect(h.window.remaining()).toBe(600 - 244);
    await h.advance(244);
    // The last frame covers exactly what is left, then nothing is sent again.
    expect(h.frames).toEqual([254, 254, 112]);
    await h.advance(200);
    expect(h.frames).toEqual([254, 254, 112]);
    expect(h.window.remaining()).toBe(0);
    expect(h.window.isOpen()).toBe(false);
  });

  it('should send one frame for a window the radio can hold', async () => {
    const h = harness();
    await h.window.open(120);
    await h.advance(300);
    expect(h.frames).toEqual([120]);
    expect(h.timers.size).toBe(0);
  });

  it('should stop re-opening and close at once when closed early', async () => {
    const h = harness();
    await h.window.open(3000);
    await h.advance(100);
    await h.window.open(0);
    expect(h.window.remaining()).toBe(0);
    expect(h.frames).toEqual([254, 0]);
    expect(h.timers.size).toBe(0);
    await h.advance(1000);
    expect(h.frames).toEqual([254, 0]);
  });

  it('should end the window when the radio closes on its own or refuses a frame', async () => {
    const closed = harness();
    await closed.window.open(1000);
    closed.window.closedByRadio();
    expect(closed.window.remaining()).toBe(0);
    expect(closed.timers.size).toBe(0);
    const refused = harness({ failAfter: 1 });
    await refused.window.open(1000);
    await refused.advance(250);
    expect(refused.frames).toEqual([254]);
    expect(refused.window.isOpen()).toBe(false);
    await expect(harness({ failAfter: 0 }).window.open(500)).rejects.toThrow('radio refused');
  });
});
