import * as v from 'valibot';
import { DELAY_FIELDS, type DelayField } from '../../resources/alarmsystems/machine';

const seconds = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255));

export const renameSchema = v.strictObject({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(32)) });

/** `PUT /alarmsystems/<id>/config`: the PIN and the delays; `armmode` and `configured` are not writable here. */
export const configSchema = v.strictObject({
  code0: v.optional(v.pipe(v.string(), v.minLength(4), v.maxLength(16))),
  ...(Object.fromEntries(DELAY_FIELDS.map((field) => [field, v.optional(seconds)])) as Record<DelayField, v.OptionalSchema<typeof seconds, undefined>>),
});

export const TRIGGERS = ['state/presence', 'state/open', 'state/vibration', 'state/buttonevent', 'state/on', 'state/action'] as const;

export const deviceSchema = v.strictObject({
  armmask: v.optional(v.string()),
  trigger: v.optional(v.picklist(TRIGGERS)),
});
