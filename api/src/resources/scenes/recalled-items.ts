import type { SceneLight } from './types';

/**
 * What a light shows once a scene is recalled: the values the scene stored for it, as deCONZ state
 * items. Only the api knows a scene's contents, so it shows them at once; the bridge reads each
 * light back after a recall and its report corrects anything the light did otherwise.
 */
export function recalledItems(stored: Pick<SceneLight, 'on' | 'bri' | 'ct' | 'x' | 'y'>): Record<string, unknown> {
  const colour =
    stored.ct !== undefined
      ? { ct: stored.ct, colormode: 'ct' }
      : stored.x !== undefined && stored.y !== undefined
        ? { xy: [stored.x, stored.y], colormode: 'xy' }
        : {};
  return { on: stored.on, bri: Math.max(1, stored.bri), ...colour };
}
