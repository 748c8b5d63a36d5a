import * as v from 'valibot';
import { endpointSchema, ieeeSchema, intRange } from './common';

/**
 * The alarm-system part of the contract (docs/mqtt.md "Alarm systems"). The api owns alarm
 * systems; the bridge carries what they mean to keypads (IAS ACE) and publishes the retained state.
 * Arming is not offered over MQTT: it needs the PIN checks of the REST API.
 */
export const ALARM_ARMSTATES = [
  'disarmed',
  'armed_stay',
  'armed_night',
  'armed_away',
  'exit_delay',
  'entry_delay',
  'in_alarm',
  'arming_stay',
  'arming_night',
  'arming_away',
] as const;
export const ALARM_ARMMODES = ['disarmed', 'armed_stay', 'armed_night', 'armed_away'] as const;
/** What a keypad is told about its arm command (IAS ACE arm notification). */
export const ARM_RESULTS = ['disarmed', 'armed_stay', 'armed_night', 'armed_away', 'invalid_code', 'not_ready', 'already_disarmed'] as const;
export type ArmResult = (typeof ARM_RESULTS)[number];

export const alarmSystemIdSchema = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,3}$/, 'expected an alarm system id'));

/** `<base>/bridge/<bridge>/alarmsystems/<id>/state`, retained: the alarm state as the REST API shows it. */
export const alarmStateSchema = v.object({
  armstate: v.picklist(ALARM_ARMSTATES),
  armmode: v.picklist(ALARM_ARMMODES),
  /** At the moment of the change; the countdown then runs to `until`. */
  seconds_remaining: intRange(0, 255),
  /** UTC `yyyy-MM-ddTHH:mm:ssZ` the current delay ends, or null. */
  until: v.nullable(v.string()),
});
export type AlarmStatePayload = v.InferOutput<typeof alarmStateSchema>;

const keypad = v.object({ ieee: ieeeSchema, endpoint: endpointSchema });

/**
 * The api's RSA-OAEP (SHA-256) public key as a JWK. The bridge seals every PIN typed on a keypad
 * with it before publishing, so the broker never carries a readable PIN.
 */
export const keypadKeySchema = v.object({
  kty: v.literal('RSA'),
  n: v.pipe(v.string(), v.minLength(256, 'expected a 2048-bit or larger modulus'), v.maxLength(2048)),
  e: v.pipe(v.string(), v.maxLength(16)),
});

export const alarmRequestEntries = {
  'alarm/keypad_key': { public_key: keypadKeySchema },
  /** Publish the retained state and show it on the keypads of the system (IAS ACE panel status). */
  'alarm/state': {
    alarmsystem: alarmSystemIdSchema,
    state: alarmStateSchema,
    keypads: v.pipe(v.array(keypad), v.maxLength(64)),
  },
  /** Answer one keypad arm command: the arm notification, with the command's ZCL sequence number. */
  'alarm/arm_response': { ieee: ieeeSchema, endpoint: endpointSchema, result: v.picklist(ARM_RESULTS), seq: intRange(0, 255) },
};

export const alarmResponseSchemas = {
  'alarm/keypad_key': v.object({ accepted: v.boolean() }),
  /** Per keypad whether it took the panel status (a sleeping keypad may miss it until it asks). */
  'alarm/state': v.object({
    alarmsystem: alarmSystemIdSchema,
    keypads: v.array(v.object({ ieee: ieeeSchema, endpoint: endpointSchema, ok: v.boolean(), error: v.optional(v.string()) })),
  }),
  'alarm/arm_response': v.object({ ieee: ieeeSchema, endpoint: endpointSchema, result: v.picklist(ARM_RESULTS) }),
};
