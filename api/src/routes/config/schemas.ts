import * as v from 'valibot';
import { isTimeZone } from '../../lib/timestamps';

const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
/** deCONZ's `yyyy-MM-ddTHH:mm:ss` (exactly 19 characters) naming a real moment: no 30 February, no 25:00. */
const timestamp = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  v.check((text) => {
    const moment = new Date(`${text}Z`);
    return !Number.isNaN(moment.getTime()) && moment.toISOString().slice(0, 19) === text;
  }),
);

/**
 * `PUT /config` parameters, in the fixed order they are checked (deconz-behavior.md §17): the
 * first bad one is the error reported. Unknown keys are ignored, as the original does.
 */
export const modifyConfigSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(16))),
  rfconnected: v.optional(v.boolean()),
  updatechannel: v.optional(v.picklist(['stable', 'alpha', 'beta'])),
  permitjoin: v.optional(int(0, 255)),
  groupdelay: v.optional(int(0, 5000)),
  otauactive: v.optional(v.boolean()),
  discovery: v.optional(v.boolean()),
  unlock: v.optional(int(0, 600)),
  zigbeechannel: v.optional(v.picklist([11, 15, 20, 25])),
  networkopenduration: v.optional(int(1, 65535)),
  timezone: v.optional(v.pipe(v.string(), v.check(isTimeZone))),
  utc: v.optional(timestamp),
  UTC: v.optional(timestamp),
  localtime: v.optional(timestamp),
  timeformat: v.optional(v.picklist(['12h', '24h'])),
  websocketnotifyall: v.optional(v.boolean()),
  disablePermitJoinAutoOff: v.optional(v.boolean()),
  lightlastseeninterval: v.optional(int(1, 65535)),
});

export type ModifyConfigInput = v.InferOutput<typeof modifyConfigSchema>;

/** `PUT /config/password`: each "hash" is base64 of `<username>:<password>`. */
export const changePasswordSchema = v.object({
  username: v.pipe(v.string(), v.maxLength(64)),
  oldhash: v.pipe(v.string(), v.maxLength(512)),
  newhash: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
});

/** `POST /config/reset`: at least one of the two (checked in the route: a missing pair is type 5). */
export const resetSchema = v.object({
  resetGW: v.optional(v.boolean()),
  deleteDB: v.optional(v.boolean()),
});
