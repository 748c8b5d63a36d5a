import type { SceneLight } from './types';

/**
 * A light's current state as a scene entry (deconz-behavior §12): on, bri (≤ 254) and the colour
 * of its current mode: x/y and hue/sat for xy and hs, ct for ct.
 */
export function captureLight(id: string, state: Readonly<Record<string, unknown>>, transitiontime: number): SceneLight {
  const light: SceneLight = {
    id,
    on: state.on === true,
    bri: typeof state.bri === 'number' ? Math.min(state.bri, 254) : 254,
    transitiontime,
  };
  const mode = typeof state.colormode === 'string' ? state.colormode : undefined;
  if (mode) light.colormode = mode;
  if ((mode === 'xy' || mode === 'hs') && Array.isArray(state.xy)) {
    [light.x, light.y] = state.xy as [number, number];
  }
  if (mode === 'xy' || mode === 'hs') {
    if (typeof state.hue === 'number') light.hue = state.hue;
    if (typeof state.sat === 'number') light.sat = state.sat;
  }
  if (mode === 'ct' && typeof state.ct === 'number') light.ct = state.ct;
  return light;
}
