import type { SceneValues } from './types';

/** ZCL cluster ids of the scene extension field sets (ZCL 3.7.2.4.2). */
const ON_OFF = 6;
const LEVEL = 8;
const COLOR = 0x300;

/**
 * A member's scene values as ZCL extension field sets in herdsman's form. Colour fields go in the
 * cluster's order (x, y, enhanced hue, saturation, loop active, loop direction, loop time, colour
 * temperature); xy alone is cut after y, as the spec allows, while ct needs the whole set.
 */
export function sceneExtensions(values: SceneValues): Array<{ clstId: number; len: number; extField: number[] }> {
  const sets: Array<{ clstId: number; len: number; extField: number[] }> = [];
  if (values.on !== undefined) sets.push({ clstId: ON_OFF, len: 1, extField: [values.on ? 1 : 0] });
  if (values.bri !== undefined) sets.push({ clstId: LEVEL, len: 1, extField: [Math.min(254, Math.max(0, values.bri))] });
  if (values.xy !== undefined) {
    const [x, y] = values.xy.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 65535));
    sets.push({ clstId: COLOR, len: 4, extField: [x, y] });
  } else if (values.ct !== undefined) {
    sets.push({ clstId: COLOR, len: 13, extField: [0, 0, 0, 0, 0, 0, 0, values.ct] });
  }
  return sets;
}
