import { describe, expect, it } from 'vitest';
import { InterviewWindow } from './interview-window';

describe('interview window', () => {
  it('should widen by one per interview that ends in time, up to its ceiling', () => {
    const window = new InterviewWindow(10, { initial: 8 });
    expect(window.current).toBe(8);
    expect(window.succeeded('LCT015', 400)).toBe(9);
    expect(window.succeeded('LCT015', 500)).toBe(10);
    expect(window.succeeded('LCT015', 450)).toBe(10);
  });

  it('should halve after a failure, never below its floor', () => {
    const window = new InterviewWindow(32, { initial: 20 });
    expect(window.failed()).toBe(10);
    expect(window.failed()).toBe(5);
    expect(window.failed()).toBe(2);
    expect(window.failed()).toBe(1);
    expect(window.failed()).toBe(1);
  });

  it('should narrow by one when the same model takes far longer than its recent interviews, and not for another model', () => {
    const window = new InterviewWindow(32, { initial: 8, slowFactor: 3, slowMarginMs: 2_000 });
    window.succeeded('LCT015', 500);
    expect(window.current).toBe(9);
    // A sleepy IAS sensor's interview is long by nature: its first one is its own baseline.
    expect(window.succeeded('DS01', 6_000)).toBe(10);
    // The lamp's work again, 3x slower but within the margin: still in time.
    expect(window.succeeded('LCT015', 2_400)).toBe(11);
    // about 6x its recent average (880 ms) and 4 s more: the radio's answers are queueing.
    expect(window.succeeded('LCT015', 5_000)).toBe(10);
  });

  it('should stay fixed when its ceiling is one (INTERVIEW_SLOTS=1)', () => {
    const window = new InterviewWindow(1);
    expect(window.current).toBe(1);
    expect(window.succeeded('LCT015', 100)).toBe(1);
  });
});
