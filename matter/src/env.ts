import * as v from 'valibot';

const int = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]+$/, `${name} must be an integer`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** The Matter process's environment (docs/matter.md). */
export const matterEnvSchema = v.object({
  MQTT_URL: v.optional(v.pipe(v.string(), v.regex(/^(mqtts?|wss?):\/\/.+$/, 'MQTT_URL must be mqtt://host:port')), 'mqtt://127.0.0.1:1883'),
  MQTT_USER: v.optional(v.string()),
  MQTT_PASSWORD: v.optional(v.string()),
  /** PEM file of the CA that signed the broker's TLS certificate (`mqtts://`, `wss://`). */
  MQTT_CA: v.optional(v.pipe(v.string(), v.minLength(1, 'MQTT_CA must be the path of a PEM file'))),
  MQTT_BASE_TOPIC: v.optional(v.pipe(v.string(), v.regex(/^[^#+]+$/, 'MQTT_BASE_TOPIC must not contain # or +')), 'herdgate'),
  BRIDGE_ID: v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Fa-f]{16}$/, 'BRIDGE_ID must be 16 hex digits'), v.toUpperCase())),
  /** UDP port of the Matter node (5540 is Matter's default). */
  MATTER_PORT: v.optional(int('MATTER_PORT', 1, 65535), '5540'),
  DATA_DIR: v.optional(v.string(), './data'),
  /** `loopback`: listen and announce on 127.0.0.1/::1 only (tests, benchmarks); `all`: every interface. */
  MATTER_LISTEN: v.optional(v.picklist(['all', 'loopback'], 'MATTER_LISTEN must be all or loopback'), 'all'),
  /** Fixed pairing secret (tests); otherwise drawn once and kept in DATA_DIR/matter/pairing.json. */
  MATTER_PASSCODE: v.optional(int('MATTER_PASSCODE', 1, 99999998)),
  MATTER_DISCRIMINATOR: v.optional(int('MATTER_DISCRIMINATOR', 0, 4095)),
  /** How long `PUT /matter {"commissioning": true}` keeps the window open; Matter's range is 180-900 s (tests go lower). */
  MATTER_WINDOW_SECONDS: v.optional(int('MATTER_WINDOW_SECONDS', 1, 900), '180'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
});
export type MatterEnv = v.InferOutput<typeof matterEnvSchema>;

export function parseMatterEnv(vars: Record<string, string | undefined>): MatterEnv {
  const defined = Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(matterEnvSchema, defined);
  if (!parsed.success) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.output;
}
