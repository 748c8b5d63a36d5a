import * as v from 'valibot';
import { NPM_DIST_TAGS_URL } from '../resources/gateway/software-update';

const port = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,5}$/, `${name} must be a port number 0-65535`),
    v.transform(Number),
    v.maxValue(65535, `${name} must be a port number 0-65535`),
  );

const nonEmpty = (name: string, fallback: string) => v.pipe(v.optional(v.string(), fallback), v.minLength(1, `${name} must not be empty`));

/** Every setting the api reads from the environment, with its default. The README lists the same. */
export const envSchema = v.object({
  HTTP_HOST: v.pipe(v.optional(v.string(), '0.0.0.0'), v.regex(/^[\w.:-]+$/, 'HTTP_HOST must be a host name or IP address, e.g. 0.0.0.0 or 127.0.0.1')),
  HTTP_PORT: port('HTTP_PORT', '8080'),
  WEBSOCKET_PORT: port('WEBSOCKET_PORT', '8088'),
  DATABASE_URL: v.pipe(
    v.optional(v.string(), 'file:./data/herdgate.db'),
    v.regex(/^(file:.+|libsql:\/\/.+|https?:\/\/.+|wss?:\/\/.+)$/, 'DATABASE_URL must be file:<path>, libsql://…, https://… or ws://…'),
  ),
  DATABASE_AUTH_TOKEN: v.optional(v.pipe(v.string(), v.minLength(1, 'DATABASE_AUTH_TOKEN must not be empty when set'))),
  GATEWAY_USER: nonEmpty('GATEWAY_USER', 'delight'),
  GATEWAY_PASSWORD: nonEmpty('GATEWAY_PASSWORD', 'delight'),
  GATEWAY_NAME: v.pipe(
    v.optional(v.string(), 'herdgate'),
    v.minLength(1, 'GATEWAY_NAME must be 1-16 characters'),
    v.maxLength(16, 'GATEWAY_NAME must be 1-16 characters'),
  ),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'),
    'info',
  ),
  MQTT_URL: v.pipe(
    v.optional(v.string(), 'mqtt://127.0.0.1:1883'),
    v.regex(/^((mqtts?|wss?):\/\/.+|none)$/, 'MQTT_URL must be mqtt://host:port (or mqtts://, ws://, wss://), or none to run without a bridge'),
  ),
  MQTT_USER: v.optional(v.string()),
  MQTT_PASSWORD: v.optional(v.string()),
  /** Path of a PEM CA certificate for a TLS broker (`mqtts://`, `wss://`) signed by a private CA. */
  MQTT_CA: v.optional(v.pipe(v.string(), v.minLength(1, 'MQTT_CA must be the path of a PEM file'))),
  MQTT_BASE_TOPIC: v.pipe(v.optional(v.string(), 'herdgate'), v.regex(/^[^#+]+$/, 'MQTT_BASE_TOPIC must not contain # or +')),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*(\*|https?:\/\/[\w.:[\]-]+)\s*(,\s*(\*|https?:\/\/[\w.:[\]-]+)\s*)*$/,
        'CORS_ORIGINS must be a comma-separated list of origins such as https://ui.example:8443, or *',
      ),
    ),
  ),
  WEBSOCKET_AUTH: v.optional(v.picklist(['off', 'key'], 'WEBSOCKET_AUTH must be off or key'), 'off'),
  WEBSOCKET_MAX_CLIENTS: v.pipe(
    v.optional(v.string(), '100'),
    v.regex(/^\d{1,5}$/, 'WEBSOCKET_MAX_CLIENTS must be a number 1-10000'),
    v.transform(Number),
    v.minValue(1, 'WEBSOCKET_MAX_CLIENTS must be a number 1-10000'),
    v.maxValue(10000, 'WEBSOCKET_MAX_CLIENTS must be a number 1-10000'),
  ),
  WEBHOOK_ALLOW_LOCAL: v.optional(v.picklist(['0', '1'], 'WEBHOOK_ALLOW_LOCAL must be 0 or 1'), '0'),
  HERDGATE_RESTARTED_BY_SUPERVISOR: v.optional(v.picklist(['0', '1'], 'HERDGATE_RESTARTED_BY_SUPERVISOR must be 0 or 1'), '0'),
  RELEASES_URL: v.pipe(
    v.optional(v.string(), NPM_DIST_TAGS_URL),
    v.regex(/^(https?:\/\/.+|none)$/, 'RELEASES_URL must be an http(s) URL of npm dist-tags, or none'),
  ),
  /** Folder of the backup archives (`POST /config/export`, automatic backups); default `backups/` beside a local database. */
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'BACKUP_DIR must not be empty'))),
  /** Hours between automatic backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: v.pipe(
    v.optional(v.string(), '24'),
    v.regex(/^\d{1,4}$/, 'BACKUP_INTERVAL_HOURS must be a whole number of hours 0-8760 (0: no automatic backups)'),
    v.transform(Number),
    v.maxValue(8760, 'BACKUP_INTERVAL_HOURS must be a whole number of hours 0-8760 (0: no automatic backups)'),
  ),
  /** How many archives the folder keeps (oldest removed first). */
  BACKUP_KEEP: v.pipe(
    v.optional(v.string(), '7'),
    v.regex(/^\d{1,4}$/, 'BACKUP_KEEP must be a number 1-1000'),
    v.transform(Number),
    v.minValue(1, 'BACKUP_KEEP must be a number 1-1000'),
    v.maxValue(1000, 'BACKUP_KEEP must be a number 1-1000'),
  ),
  BRIDGE_ID: v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Fa-f]{16}$/, 'BRIDGE_ID must be 16 hex digits (the coordinator IEEE)'), v.toUpperCase())),
});

export type GatewayEnv = v.InferOutput<typeof envSchema>;

/** Never echoed back in an error message. */
const SECRETS = new Set(['GATEWAY_PASSWORD', 'DATABASE_AUTH_TOKEN', 'MQTT_PASSWORD']);

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Validate the environment. Empty strings count as unset (a common `FOO=` in compose files).
 * Throws EnvError with one readable line naming the variable and the expected form.
 */
export function parseEnv(env: Record<string, string | undefined>): GatewayEnv {
  const relevant: Record<string, string> = {};
  for (const name of Object.keys(envSchema.entries)) {
    const value = env[name];
    if (value !== undefined && value !== '') relevant[name] = value;
  }
  const result = v.safeParse(envSchema, relevant, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  const name = String(issue.path?.[0]?.key ?? 'environment');
  const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
  const shown = SECRETS.has(name) ? '' : ` (got ${JSON.stringify(relevant[name])})`;
  throw new EnvError(`invalid configuration: ${message}${shown}`);
}
