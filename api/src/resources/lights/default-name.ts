/** Longest name a light or sensor keeps. */
export const NAME_MAX = 32;

/** The name a device's light gets from its device: `<device>` alone, `<device> <n>` for one of several. */
export function lightNameFrom(deviceName: string, index: number, count: number): string {
  return (count > 1 ? `${deviceName} ${index + 1}` : deviceName).slice(0, NAME_MAX);
}
