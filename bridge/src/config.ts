import * as v from 'valibot';

/**
 * The bridge's whole configuration, read once from the environment at the entry and validated, so
 * a typo fails at start with a message naming the variable instead of misbehaving later.
 *
 * ZIGBEE_CHANNEL defaults to 15: it sits between Wi-Fi channels 1 and 6 (as 20 sits between 6
 * and 11), where 11 (the Zigbee default) overlaps Wi-Fi channel 1; 25/26 are avoided because some
 * radios and devices transmit weaker there or not at all.
 */
export const ADAPTERS = ['deconz', 'zstack', 'ember', 'zigate', 'zboss', 'zoh'] as const;
export type AdapterName = (typeof ADAPTERS)[number];

const int = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

const EnvSchema = v.object({
  ZIGBEE_ADAPTER: v.optional(v.picklist(ADAPTERS, `ZIGBEE_ADAPTER must be one of ${ADAPTERS.join(', ')}`)),
  ZIGBEE_PATH: v.optional(v.pipe(v.string(), v.minLength(1, 'ZIGBEE_PATH must not be empty'))),
  ZIGBEE_CHANNEL: v.optional(int('ZIGBEE_CHANNEL', 11, 26), '15'),
  VIRTUAL_RADIO_NETWORK: v.optional(v.string()),
  RADIO_PROTOCOL: v.optional(v.picklist(['deconz', 'zstack', 'ember'], 'RADIO_PROTOCOL must be deconz, zstack or ember'), 'deconz'),
  VIRTUAL_RADIO_CONTROL: v.optional(v.pipe(v.string(), v.url('VIRTUAL_RADIO_CONTROL must be a URL such as http://127.0.0.1:6639'))),
  DATA_DIR: v.optional(v.string(), './data'),
  MQTT_URL: v.optional(v.pipe(v.string(), v.url('MQTT_URL must be a URL such as mqtt://127.0.0.1:1883'))),
  MQTT_HOST: v.optional(v.string(), '127.0.0.1'),
  MQTT_PORT: v.optional(int('MQTT_PORT', 0, 65535), '1883'),
  MQTT_WS_PORT: v.optional(int('MQTT_WS_PORT', 0, 65535)),
  MQTT_USER: v.optional(v.string()),
  MQTT_PASSWORD: v.optional(v.string()),
  MQTT_ADMIN_USER: v.optional(v.string()),
  MQTT_ADMIN_PASSWORD: v.optional(v.string()),
  MQTT_CLIENT_USER: v.optional(v.string()),
  MQTT_CLIENT_PASSWORD: v.optional(v.string()),
  MQTT_ALLOW_ANONYMOUS: v.optional(v.picklist(['0', '1'], 'MQTT_ALLOW_ANONYMOUS must be 0 (off) or 1 (loopback clients only)'), '0'),
  MQTT_TLS_HOST: v.optional(v.string()),
  MQTT_TLS_PORT: v.optional(int('MQTT_TLS_PORT', 0, 65535)),
  MQTT_WSS_PORT: v.optional(int('MQTT_WSS_PORT', 0, 65535)),
  MQTT_TLS_CERT: v.optional(v.pipe(v.string(), v.minLength(1))),
  MQTT_TLS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  MQTT_MAX_PACKET_BYTES: v.optional(int('MQTT_MAX_PACKET_BYTES', 1024, 268_435_455), String(1024 * 1024)),
  MQTT_MAX_CONNECTIONS: v.optional(int('MQTT_MAX_CONNECTIONS', 1, 100_000), '100'),
  MQTT_MAX_SESSIONS: v.optional(int('MQTT_MAX_SESSIONS', 0, 100_000), '20'),
  MQTT_MAX_RETAINED: v.optional(int('MQTT_MAX_RETAINED', 0, 1_000_000), '1000'),
  MQTT_MAX_SESSION_QUEUE: v.optional(int('MQTT_MAX_SESSION_QUEUE', 1, 1_000_000), '1000'),
  MQTT_BASE_TOPIC: v.optional(v.pipe(v.string(), v.regex(/^[^#+]+$/, 'MQTT_BASE_TOPIC must not contain # or +')), 'herdgate'),
  LOG_LEVEL: v.optional(v.picklist(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], 'LOG_LEVEL must be a pino level'), 'info'),
  PERMIT_JOIN_ON_START: v.optional(int('PERMIT_JOIN_ON_START', 0, 65535)),
  GROUP_DELAY_MS: v.optional(int('GROUP_DELAY_MS', 0, 5000), '50'),
  MAX_IN_FLIGHT: v.optional(int('MAX_IN_FLIGHT', 1, 2), '2'),
  AVAILABILITY_ROUTER_SECONDS: v.optional(int('AVAILABILITY_ROUTER_SECONDS', 1, 86400), '600'),
  AVAILABILITY_END_DEVICE_SECONDS: v.optional(int('AVAILABILITY_END_DEVICE_SECONDS', 1, 604800), '90000'),
  COMMAND_CLOCK_TOLERANCE_MS: v.optional(int('COMMAND_CLOCK_TOLERANCE_MS', 0, 600_000), '5000'),
  QUEUE_MAX_WAITING: v.optional(int('QUEUE_MAX_WAITING', 1, 100_000), '256'),
  QUEUE_MAX_GROUP_WAITING: v.optional(int('QUEUE_MAX_GROUP_WAITING', 1, 10_000), '32'),
  DECONZ_FAST_PATH: v.optional(v.picklist(['0', '1'], 'DECONZ_FAST_PATH must be 0 (off) or 1 (on)'), '1'),
  GC_AFTER_START: v.optional(v.picklist(['0', '1'], 'GC_AFTER_START must be 0 (off) or 1 (on)'), '1'),
  INTERVIEW_SLOTS: v.optional(int('INTERVIEW_SLOTS', 1, 64), '32'),
  OTA_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  OTA_INDEX: v.optional(v.pipe(v.string(), v.minLength(1))),
  OTA_BLOCK_DELAY_MS: v.optional(int('OTA_BLOCK_DELAY_MS', 0, 10_000), '250'),
  OTA_REQUEST_TIMEOUT_MS: v.optional(int('OTA_REQUEST_TIMEOUT_MS', 1000, 3_600_000), '150000'),
  OTA_BLOCK_SIZE: v.optional(int('OTA_BLOCK_SIZE', 10, 100), '50'),
  Z2M_API: v.optional(v.picklist(['0', '1'], 'Z2M_API must be 0 (off) or 1 (on)'), '1'),
  Z2M_BASE_TOPIC: v.optional(v.pipe(v.string(), v.regex(/^[^#+]+$/, 'Z2M_BASE_TOPIC must not contain # or +')), 'zigbee2mqtt'),
  Z2M_HOMEASSISTANT: v.optional(v.picklist(['0', '1'], 'Z2M_HOMEASSISTANT must be 0 (off) or 1 (on)'), '1'),
  Z2M_DISCOVERY_TOPIC: v.optional(v.pipe(v.string(), v.regex(/^[^#+]+$/, 'Z2M_DISCOVERY_TOPIC must not contain # or +')), 'homeassistant'),
  Z2M_HOMEASSISTANT_STATUS_TOPIC: v.optional(
    v.pipe(v.string(), v.regex(/^[^#+]+$/, 'Z2M_HOMEASSISTANT_STATUS_TOPIC must not contain # or +')),
    'homeassistant/status',
  ),
});

export interface BridgeConfig {
  /**
   * Unset adapter: start the virtual radio with `virtualRadioNetwork` and connect to it.
   * `deconzFastPath`: herdgate's kicks for herdsman's deCONZ driver (zigbee/deconz-kick.ts); only
   * the deconz adapter (and the virtual radio, which is one) uses it. Off = plain herdsman.
   * `radioProtocol`: which coordinator the virtual radio emulates (ConBee II, a Z-Stack CC2652 or an
   * EmberZNet EFR32 NCP);
   * the bridge then drives it with the matching herdsman adapter.
   */
  zigbee: {
    adapter?: AdapterName;
    path?: string;
    channel: number;
    virtualRadioNetwork: string;
    radioProtocol: 'deconz' | 'zstack' | 'ember';
    deconzFastPath: boolean;
    virtualRadioControl?: string;
    interviewSlots: number;
  };
  dataDir: string;
  /**
   * `user`/`password`: with the embedded broker, the api's account (may send administrative
   * requests); with an external one (`url`), the bridge's own login. `accounts`: the admin and
   * scripts accounts of the embedded broker. `tls`: certificate and key paths of the TLS listeners.
   */
  mqtt: {
    url?: string;
    host: string;
    port: number;
    wsPort?: number;
    user?: string;
    password?: string;
    baseTopic: string;
    allowAnonymous: boolean;
    accounts: Array<{ username: string; password: string; role: 'admin' | 'user' }>;
    tls?: { host?: string; port?: number; wssPort?: number; cert: string; key: string };
    limits: { maxPacketBytes: number; maxConnections: number; maxSessions: number; maxRetained: number; maxSessionQueue: number };
  };
  logLevel: string;
  /** One full garbage collection once started (startup-gc.ts): the start's leftovers are not paid for by the first reports. */
  gcAfterStart: boolean;
  /** Seconds to permit joining right after start (0 = closed); defaults to 120 on the virtual radio. */
  permitJoinOnStart: number;
  /**
   * `limits`: commands waiting before new ones get `busy`. `clockToleranceMs`: skew allowed
   * between the sender's clock and ours when reading a command's `expires`.
   */
  commands: { maxInFlight: number; groupDelayMs: number; timeoutMs: number; clockToleranceMs: number; limits: { waiting: number; groupWaiting: number } };
  availability: { routerQuietMs: number; endDeviceTimeoutMs: number };
  /**
   * The Zigbee2MQTT-compatible API (features/z2m): off when `enabled` is false; `homeassistant`
   * is its Home Assistant MQTT discovery (`prefix` the discovery topic, `statusTopic` HA's birth).
   */
  z2m: { enabled: boolean; baseTopic: string; homeassistant: { enabled: boolean; prefix: string; statusTopic: string } };
  /**
   * Device firmware updates: `dir` the image folder (`OTA_DIR`, default `<DATA_DIR>/ota`), `index`
   * an optional herdsman override index (file or URL, `OTA_INDEX`); the block pacing as Zigbee2MQTT's
   * `image_block_response_delay`, `image_block_request_timeout`, `default_maximum_data_size`.
   */
  ota: { dir: string; index?: string; settings: { responseDelayMs: number; requestTimeoutMs: number; blockSize: number } };
}

export type ConfigResult = { ok: true; config: BridgeConfig } | { ok: false; errors: string[] };

export function loadConfig(env: Record<string, string | undefined>, defaultNetwork: string): ConfigResult {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(EnvSchema, present);
  if (!parsed.success) return { ok: false, errors: parsed.issues.map((issue) => issue.message) };
  const e = parsed.output;
  if (e.ZIGBEE_ADAPTER && !e.ZIGBEE_PATH)
    return { ok: false, errors: ['ZIGBEE_PATH is required when ZIGBEE_ADAPTER is set (a serial path or tcp://host:port)'] };
  if (!e.ZIGBEE_ADAPTER && e.ZIGBEE_PATH) return { ok: false, errors: ['ZIGBEE_ADAPTER is required when ZIGBEE_PATH is set'] };
  const wantsTls = e.MQTT_TLS_PORT !== undefined || e.MQTT_WSS_PORT !== undefined;
  if (wantsTls && (!e.MQTT_TLS_CERT || !e.MQTT_TLS_KEY))
    return { ok: false, errors: ['MQTT_TLS_CERT and MQTT_TLS_KEY (PEM file paths) are required with MQTT_TLS_PORT or MQTT_WSS_PORT'] };
  const pairs: Array<[string | undefined, string | undefined, string, 'admin' | 'user']> = [
    [e.MQTT_ADMIN_USER, e.MQTT_ADMIN_PASSWORD, 'MQTT_ADMIN', 'admin'],
    [e.MQTT_CLIENT_USER, e.MQTT_CLIENT_PASSWORD, 'MQTT_CLIENT', 'user'],
  ];
  const half = pairs.find(([user, password]) => (user === undefined) !== (password === undefined));
  if (half) return { ok: false, errors: [`${half[2]}_USER and ${half[2]}_PASSWORD must be set together`] };
  const nested = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  if (e.Z2M_API === '1' && nested(e.Z2M_BASE_TOPIC, e.MQTT_BASE_TOPIC))
    return { ok: false, errors: ['Z2M_BASE_TOPIC must not be MQTT_BASE_TOPIC or lie inside it (or it inside Z2M_BASE_TOPIC)'] };
  if (e.Z2M_API === '1' && e.Z2M_HOMEASSISTANT === '1' && nested(e.Z2M_DISCOVERY_TOPIC, e.Z2M_BASE_TOPIC))
    return { ok: false, errors: ['Z2M_DISCOVERY_TOPIC must not be Z2M_BASE_TOPIC or lie inside it'] };
  const accounts = pairs.filter(([user]) => user !== undefined).map(([username, password, , role]) => ({ username: username!, password: password!, role }));
  return {
    ok: true,
    config: {
      zigbee: {
        adapter: e.ZIGBEE_ADAPTER,
        path: e.ZIGBEE_PATH,
        channel: e.ZIGBEE_CHANNEL,
        virtualRadioNetwork: e.VIRTUAL_RADIO_NETWORK ?? defaultNetwork,
        radioProtocol: e.RADIO_PROTOCOL,
        deconzFastPath: e.DECONZ_FAST_PATH === '1',
        virtualRadioControl: e.VIRTUAL_RADIO_CONTROL,
        interviewSlots: e.INTERVIEW_SLOTS,
      },
      dataDir: e.DATA_DIR,
      mqtt: {
        url: e.MQTT_URL,
        host: e.MQTT_HOST,
        port: e.MQTT_PORT,
        wsPort: e.MQTT_WS_PORT,
        user: e.MQTT_USER,
        password: e.MQTT_PASSWORD,
        baseTopic: e.MQTT_BASE_TOPIC,
        allowAnonymous: e.MQTT_ALLOW_ANONYMOUS === '1',
        accounts,
        tls: wantsTls ? { host: e.MQTT_TLS_HOST, port: e.MQTT_TLS_PORT, wssPort: e.MQTT_WSS_PORT, cert: e.MQTT_TLS_CERT!, key: e.MQTT_TLS_KEY! } : undefined,
        limits: {
          maxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
          maxConnections: e.MQTT_MAX_CONNECTIONS,
          maxSessions: e.MQTT_MAX_SESSIONS,
          maxRetained: e.MQTT_MAX_RETAINED,
          maxSessionQueue: e.MQTT_MAX_SESSION_QUEUE,
        },
      },
      logLevel: e.LOG_LEVEL,
      gcAfterStart: e.GC_AFTER_START === '1',
      permitJoinOnStart: e.PERMIT_JOIN_ON_START ?? (e.ZIGBEE_ADAPTER ? 0 : 120),
      commands: {
        maxInFlight: e.MAX_IN_FLIGHT,
        groupDelayMs: e.GROUP_DELAY_MS,
        timeoutMs: 15_000,
        clockToleranceMs: e.COMMAND_CLOCK_TOLERANCE_MS,
        limits: { waiting: e.QUEUE_MAX_WAITING, groupWaiting: e.QUEUE_MAX_GROUP_WAITING },
      },
      availability: { routerQuietMs: e.AVAILABILITY_ROUTER_SECONDS * 1000, endDeviceTimeoutMs: e.AVAILABILITY_END_DEVICE_SECONDS * 1000 },
      ota: {
        dir: e.OTA_DIR ?? `${e.DATA_DIR.replace(/\/+$/, '')}/ota`,
        index: e.OTA_INDEX,
        settings: { responseDelayMs: e.OTA_BLOCK_DELAY_MS, requestTimeoutMs: e.OTA_REQUEST_TIMEOUT_MS, blockSize: e.OTA_BLOCK_SIZE },
      },
      z2m: {
        enabled: e.Z2M_API === '1',
        baseTopic: e.Z2M_BASE_TOPIC,
        homeassistant: { enabled: e.Z2M_HOMEASSISTANT === '1', prefix: e.Z2M_DISCOVERY_TOPIC, statusTopic: e.Z2M_HOMEASSISTANT_STATUS_TOPIC },
      },
    },
  };
}
