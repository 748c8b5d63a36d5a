/** Pure unit conversions between converter values and deCONZ item values. */

export const round = (value: number, decimals = 0) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** deCONZ light level: 10000 * log10(lux) + 1, as the ZCL illuminance cluster encodes it. */
export const luxToLightLevel = (lux: number) => (lux <= 0 ? 0 : clamp(Math.round(10000 * Math.log10(lux) + 1), 0, 0xfffe));

export interface LightLevelThresholds {
  tholddark: number;
  tholdoffset: number;
}
export const DEFAULT_THRESHOLDS: LightLevelThresholds = { tholddark: 12000, tholdoffset: 7000 };

/** `dark` and `daylight` of a light level against a sensor's thresholds (deCONZ semantics). */
export const lightLevelFlags = (lightlevel: number, { tholddark, tholdoffset }: LightLevelThresholds) => ({
  dark: lightlevel <= tholddark,
  daylight: lightlevel >= tholddark + tholdoffset,
});

/** deCONZ fan `speed` 0-6 <-> the converters' fan modes (ZCL fan control FanMode 0-6). */
export const FAN_SPEEDS: readonly string[] = ['off', 'low', 'medium', 'high', 'on', 'auto', 'smart'];

/**
 * deCONZ `sensitivity` numbers <-> the converters' motion sensitivity names, in order (a Hue motion
 * sensor's Signify attribute 0 low … 2 high, later models up to 4; an Aqara FP1's 1-3 less one).
 */
export const MOTION_SENSITIVITY_LEVELS: readonly string[] = ['low', 'medium', 'high', 'very_high', 'max'];

/**
 * A light's start-up brightness as deCONZ's `powerup` number (ZCL StartUpCurrentLevel): the
 * converters' `level_config.current_level_startup`, with their presets minimum = 0, previous = 255.
 */
export function startupLevel(levelConfig: unknown): number | undefined {
  const value = typeof levelConfig === 'object' && levelConfig !== null ? (levelConfig as Record<string, unknown>).current_level_startup : undefined;
  if (value === 'previous') return 255;
  if (value === 'minimum') return 0;
  return isNumber(value) ? clamp(Math.round(value), 0, 255) : undefined;
}

/** Degrees (0-360) <-> deCONZ hue (0-65535); percent <-> deCONZ sat (0-254). */
export const degreesToHue = (degrees: number) => clamp(Math.round((degrees * 65535) / 360), 0, 65535);
export const hueToDegrees = (hue: number) => round((hue * 360) / 65535, 2);
export const percentToSat = (percent: number) => clamp(Math.round((percent * 254) / 100), 0, 254);
export const satToPercent = (sat: number) => round((clamp(sat, 0, 254) * 100) / 254, 2);

/** Converter position (100 = open) <-> deCONZ lift (100 = closed). Tilt is inverted the same way. */
export const invertPercent = (value: number) => clamp(100 - Math.round(value), 0, 100);
