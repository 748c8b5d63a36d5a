/**
 * Progress of one transfer from the offsets the device asks for: percent with two decimals and the
 * seconds left at the rate measured since the first block. Reported when it moved 5 % or a second
 * passed since the last report (herdsman itself reports only every 30 s).
 */
export interface Progress {
  percent: number;
  remaining: number;
  sent: number;
  size: number;
}

export function createProgressMeter(size: number, report: (progress: Progress) => void, now: () => number = Date.now) {
  let first: { at: number; offset: number } | undefined;
  let last: { at: number; percent: number } | undefined;
  let sent = 0;
  return {
    at(offset: number) {
      const t = now();
      sent = Math.max(sent, offset);
      if (!first) first = { at: t, offset };
      if (size <= 0) return;
      const percent = Math.min(100, Math.floor((offset / size) * 10_000) / 100);
      if (last && percent - last.percent < 5 && t - last.at < 1000) return;
      const elapsed = (t - first.at) / 1000;
      const rate = elapsed > 0 ? (offset - first.offset) / elapsed : 0;
      const remaining = rate > 0 ? Math.round((size - offset) / rate) : 0;
      last = { at: t, percent };
      report({ percent, remaining, sent: offset, size });
    },
    sent: () => sent,
  };
}
