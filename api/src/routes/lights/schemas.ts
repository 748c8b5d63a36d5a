import * as v from 'valibot';

/**
 * `PUT /lights/<id>`: the name (0-32; empty resets to the id, as deCONZ does) and/or `powerup`, the
 * brightness after power returns (ZCL StartUpCurrentLevel: 1-254, 0 = minimum, 255 = previous).
 */
export const updateLightSchema = v.pipe(
  v.strictObject({
    name: v.optional(v.pipe(v.string(), v.maxLength(32))),
    powerup: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255))),
  }),
  v.check((input) => input.name !== undefined || input.powerup !== undefined, 'missing parameters in body'),
);

/** `DELETE /lights/<id>` may carry `{"reset":true}` to send the device a leave request. */
export const deleteLightSchema = v.strictObject({
  reset: v.optional(v.boolean()),
});

/**
 * `PUT /lights/<id>/config`: power-on behaviour as deCONZ shows it (`on.startup`: true, false or
 * "previous"; `color.ct.startup`: mireds or "previous"), where the light supports it.
 */
export const lightConfigSchema = v.pipe(
  v.strictObject({
    on: v.optional(v.strictObject({ startup: v.union([v.boolean(), v.literal('previous')]) })),
    color: v.optional(
      v.strictObject({ ct: v.strictObject({ startup: v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65279)), v.literal('previous')]) }) }),
    ),
  }),
  v.check((input) => input.on !== undefined || input.color !== undefined, 'missing parameters in body'),
);
