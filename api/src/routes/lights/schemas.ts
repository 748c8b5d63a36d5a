import * as v from 'valibot';

/** `PUT /lights/<id>`: the name (0-32; empty resets to the id, as deCONZ does). */
export const renameLightSchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(32)),
});

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
    color: v.optional(v.strictObject({ ct: v.strictObject({ startup: v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65279)), v.literal('previous')]) }) })),
  }),
  v.check((input) => input.on !== undefined || input.color !== undefined, 'missing parameters in body'),
);
