import * as v from 'valibot';

const name = v.pipe(
  v.string(),
  v.maxLength(32),
  v.check((s) => s.trim() !== ''),
);

export const createSceneSchema = v.object({ name });
export const renameSceneSchema = v.strictObject({ name });
export const storeSceneSchema = v.object({ transitiontime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65535))) });

const xy = v.pipe(v.array(v.pipe(v.number(), v.minValue(0), v.maxValue(1))), v.length(2));

/** `PUT …/scenes/<sid>/lights/<lid>/state` (deconz-behavior §12). */
export const sceneLightStateSchema = v.strictObject({
  on: v.optional(v.boolean()),
  bri: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255))),
  transitiontime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65535))),
  ct: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999))),
  xy: v.optional(xy),
});
