import * as v from 'valibot';

/** Top-level fields of `POST /sensors` every CLIP sensor needs (deconz-behavior.md §13). */
export const REQUIRED_FIELDS = ['name', 'modelid', 'swversion', 'type', 'uniqueid', 'manufacturername'] as const;
export const OPTIONAL_FIELDS = ['state', 'config', 'recycle'] as const;

const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));

/** Field values once the fields are known to be present (order = the order they are reported in). */
export const createSensorSchema = v.object({
  name: text(32),
  modelid: text(64),
  swversion: text(64),
  type: text(64),
  uniqueid: text(64),
  manufacturername: text(64),
  state: v.optional(v.record(v.string(), v.unknown())),
  config: v.optional(v.record(v.string(), v.unknown())),
  recycle: v.optional(v.boolean()),
});

/** `PUT /sensors/<id>`: deCONZ refuses anything else before applying (8 for a read-only field, else 6). */
export const updateSensorSchema = v.object({
  name: v.optional(text(32)),
  mode: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4))),
  config: v.optional(v.record(v.string(), v.unknown())),
});
export const READ_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'modelid',
  'manufacturername',
  'swversion',
  'uniqueid',
  'ep',
  'etag',
  'lastseen',
  'state',
]);

export const deleteSensorSchema = v.object({ reset: v.optional(v.boolean()) });

const latitude = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]), v.minValue(-90), v.maxValue(90));
const longitude = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]), v.minValue(-180), v.maxValue(180));
const offset = v.pipe(v.number(), v.integer(), v.minValue(-120), v.maxValue(120));

/** Daylight config items a client may write; `lat`/`long` are write-only (numbers or numeric strings). */
export const DAYLIGHT_CONFIG = {
  lat: latitude,
  long: longitude,
  sunriseoffset: offset,
  sunsetoffset: offset,
  on: v.boolean(),
} as const;
