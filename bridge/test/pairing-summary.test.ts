import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { PAIRING_SUMMARY_MS, pairingSummary } from '../src/features/pairing-summary';

/** The pairing summary on a manual clock: a few lines for a burst of joins, whatever its size. */
function harness() {
  const lines: { msg: string; pending: number }[] = [];
  const stream = {
    write: (line: string) => {
      lines.push(JSON.parse(line));
    },
  };
  const log = pino({ level: 'info' }, stream);
  let due: (() => void) | undefined;
  const timers = {
    set: (run: () => void) => {
      due = run;
      return run;
    },
    clear: () => {
      due = undefined;
    },
  };
  const summary = pairingSummary(log, timers);
  const tick = () => {
    const run = due;
    due = undefined;
    run?.();
  };
  return { lines, summary, tick, pending: () => due !== undefined };
}

describe('pairing summary', () => {
  it('should sum up forty joins and interviews in a line per period and a last one when all are done', () => {
    const h = harness();
    for (let i = 0; i < 40; i += 1) h.summary.joined(`0x${i}`);
    for (let i = 0; i < 25; i += 1) h.summary.interviewed(`0x${i}`, true);
    expect(h.lines).toEqual([]);
    h.tick();
    expect(h.lines.map((l) => l.msg)).toEqual(['pairing: 25 interviewed, 15 in progress']);
    for (let i = 25; i < 39; i += 1) h.summary.interviewed(`0x${i}`, true);
    h.summary.interviewed('0x39', false);
    h.tick();
    expect(h.lines.map((l) => l.msg).at(-1)).toBe('pairing: 39 devices interviewed, 1 failed; all done');
    expect(h.pending()).toBe(false);
    expect(PAIRING_SUMMARY_MS).toBeGreaterThanOrEqual(1000);
  });

  it('should start a new count for a later burst and stop without a last line', () => {
    const h = harness();
    h.summary.joined('0xa');
    h.summary.interviewed('0xa', true);
    h.tick();
    h.summary.joined('0xb');
    h.summary.interviewed('0xb', true);
    h.tick();
    expect(h.lines.map((l) => l.msg)).toEqual(['pairing: 1 device interviewed; all done', 'pairing: 1 device interviewed; all done']);
    h.summary.joined('0xc');
    h.summary.stop();
    expect(h.pending()).toBe(false);
  });
});
