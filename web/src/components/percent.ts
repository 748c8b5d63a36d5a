/**
 * Brightness as people read it: the gateway's `bri` runs 1-254, the app shows and takes 1-100 %.
 * Both ways round to the nearest step, so a percent set in the app reads back as the same percent.
 */
export const briToPercent = (bri: number): number => Math.min(100, Math.max(1, Math.round((bri / 254) * 100)));

export const percentToBri = (percent: number): number => Math.min(254, Math.max(1, Math.round((percent / 100) * 254)));
