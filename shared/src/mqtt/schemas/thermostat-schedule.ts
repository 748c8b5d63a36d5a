import * as v from 'valibot';

/**
 * A thermostat's weekly programme in deCONZ's form: `W<days>` (bitmap 0MTWTFSS, Monday = 64,
 * Sunday = 1, as deCONZ's weekly timers) → 1 to 10 transitions `{localtime: "Thh:mm", heatsetpoint}`
 * (500-3000, 0.01 °C). A write sets the named days and leaves the others as they are.
 */
const MESSAGE = 'expected {"W<1-127>": [1 to 10 of {"localtime": "Thh:mm", "heatsetpoint": 500-3000}]}';
const dayKey = v.pipe(
  v.string(),
  v.regex(/^W([1-9]\d{0,2})$/),
  v.check((key) => Number(key.slice(1)) <= 127),
);
const transition = v.strictObject({
  localtime: v.pipe(v.string(), v.regex(/^T([01]\d|2[0-3]):[0-5]\d$/)),
  heatsetpoint: v.pipe(v.number(), v.integer(), v.minValue(500), v.maxValue(3000)),
});

export const thermostatScheduleSchema = v.pipe(
  v.record(dayKey, v.pipe(v.array(transition), v.minLength(1), v.maxLength(10)), MESSAGE),
  v.check((schedule) => Object.keys(schedule).length > 0, MESSAGE),
);
export type ThermostatSchedule = v.InferOutput<typeof thermostatScheduleSchema>;
