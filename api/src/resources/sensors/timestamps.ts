/** Sensor timestamp formats (deconz-behavior.md §18). */

/** `state.lastupdated`: UTC `yyyy-MM-ddTHH:mm:ss.zzz`, no zone suffix. */
export function lastUpdated(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 23);
}

/** Daylight `sunrise`/`sunset`: UTC `yyyy-MM-ddTHH:mm:ss`, no zone suffix. */
export function utcSecondsText(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19);
}
