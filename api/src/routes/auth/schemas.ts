import * as v from 'valibot';

/**
 * `POST /api`. Limits from the spec (devicetype 0-40, username 10-40); a client-chosen key must
 * also be safe as a URL path segment.
 */
export const createKeySchema = v.object({
  devicetype: v.pipe(v.string(), v.maxLength(40)),
  username: v.optional(v.pipe(v.string(), v.minLength(10), v.maxLength(40), v.regex(/^[A-Za-z0-9._~-]+$/))),
});
