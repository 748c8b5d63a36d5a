import * as v from 'valibot';

/** `PUT /lights/<id>`: the name (0-32; empty resets to the id, as deCONZ does). */
export const renameLightSchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(32)),
});

/** `DELETE /lights/<id>` may carry `{"reset":true}` to send the device a leave request. */
export const deleteLightSchema = v.strictObject({
  reset: v.optional(v.boolean()),
});
