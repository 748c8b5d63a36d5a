/** Sensor timestamp formats (deconz-behavior.md §18). */

/** `state.lastupdated`: UTC `yyyy-MM-ddTHH:mm:ss.zzz`, no zone suffix. */
export function lastUpdated(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 23);
}
