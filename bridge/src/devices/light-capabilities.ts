import type { LightCapabilities } from '@herdgate/shared/mqtt';

/**
 * A light's real abilities read from its converter exposes (data, not model checks): the colour
 * temperature range of its `color_temp` feature, its colour features, whether it can run the ZCL
 * colour loop (the only effect besides `none` the command vocabulary sends), and its power-on
 * behaviours (`power_on_behavior` values, `color_temp_startup`, `level_config.current_level_startup`).
 */
type Expose = Record<string, unknown>;

const features = (expose: Expose): Expose[] => (Array.isArray(expose.features) ? (expose.features as Expose[]) : []);
const named = (list: Expose[], name: string) => list.find((f) => f.name === name);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** `endpoint`: the converter endpoint name of a multi-endpoint light (`l1`), else undefined. */
export function lightCapabilities(exposes: readonly Expose[], endpoint?: string): LightCapabilities | undefined {
  const mine = exposes.filter((e) => (e.endpoint as string | undefined) === endpoint);
  const light = mine.find((e) => e.type === 'light');
  if (!light) return undefined;
  const parts = features(light);
  const colormodes: LightCapabilities['colormodes'] = [];
  const ct = named(parts, 'color_temp');
  const min = num(ct?.value_min);
  const max = num(ct?.value_max);
  if (ct) colormodes.push('ct');
  if (named(parts, 'color_xy')) colormodes.push('xy');
  if (named(parts, 'color_hs')) colormodes.push('hs');
  const colour = colormodes.includes('xy') || colormodes.includes('hs');
  const powerOn = mine.find((e) => e.name === 'power_on_behavior');
  return {
    ...(min !== undefined && max !== undefined ? { ct: { min, max } } : {}),
    colormodes,
    effects: colour ? ['none', 'colorloop'] : [],
    powerup: Array.isArray(powerOn?.values) ? (powerOn.values as unknown[]).filter((v): v is string => typeof v === 'string') : [],
    ctstartup: named(parts, 'color_temp_startup') !== undefined,
    bristartup: named(features(named(parts, 'level_config') ?? {}), 'current_level_startup') !== undefined,
  };
}
