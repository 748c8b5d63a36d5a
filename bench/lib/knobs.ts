/** A suite's numeric knob (`BENCH_…=n`): a positive whole number, else the suite's default. */
export function positiveKnob(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
