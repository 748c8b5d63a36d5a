/** Markdown helpers for benchmark sections. */

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Integers with thin grouping for rates, two decimals for milliseconds. */
export function fmtRate(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function fmtMs(value: number): string {
  return value.toFixed(2);
}

export function fmtPercent(value: number): string {
  return `${Math.round(value * 100)}%`;
}
