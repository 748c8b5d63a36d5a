/**
 * CLI options from argv (`--port 0`, `--control-port=0`, `--state f`, `--network f`, `--timing
 * fast|realistic`, `--ota-pacing realistic|fast`, `--mac hex`, `--protocol deconz|zstack|ember`, `--new-stick`) with env fallbacks (RADIO_PORT, RADIO_PROTOCOL, RADIO_CONTROL_PORT, RADIO_STATE,
 * RADIO_NETWORK, RADIO_TIMING, RADIO_MAC, RADIO_NEW_STICK=1), validated with one valibot schema.
 * `--new-stick` (no value) swaps the coordinator for a blank one with another IEEE, next to the same
 * devices: the stick a restore moves the network to (docs/backup.md).
 */
import { resolve } from 'node:path';
import * as v from 'valibot';

const port = v.pipe(v.string(), v.transform(Number), v.integer('must be an integer'), v.minValue(0), v.maxValue(65535));

const schema = v.strictObject({
  port: v.optional(port, '0'),
  controlPort: v.optional(port, '0'),
  state: v.optional(v.string()),
  network: v.optional(v.string()),
  timing: v.optional(v.picklist(['fast', 'realistic']), 'fast'),
  otaPacing: v.optional(v.picklist(['fast', 'realistic'], 'must be fast or realistic'), 'realistic'),
  protocol: v.optional(v.picklist(['deconz', 'zstack', 'ember'], 'must be deconz, zstack or ember'), 'deconz'),
  mac: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, 'must be 16 lower-case hex digits'))),
  logLevel: v.optional(v.picklist(['trace', 'debug', 'info', 'warn', 'error', 'silent']), 'info'),
  newStick: v.optional(
    v.pipe(
      v.picklist(['0', '1'], 'must be 0 or 1'),
      v.transform((value) => value === '1'),
    ),
    '0',
  ),
});

export type RadioCliOptions = v.InferOutput<typeof schema>;

const FLAGS: Record<string, keyof RadioCliOptions> = {
  port: 'port',
  'control-port': 'controlPort',
  state: 'state',
  network: 'network',
  timing: 'timing',
  'ota-pacing': 'otaPacing',
  mac: 'mac',
  'log-level': 'logLevel',
  protocol: 'protocol',
  'new-stick': 'newStick',
};
/** Flags that take no value. */
const SWITCHES = new Set<keyof RadioCliOptions>(['newStick']);
const ENV: Record<string, keyof RadioCliOptions> = {
  RADIO_PORT: 'port',
  RADIO_CONTROL_PORT: 'controlPort',
  RADIO_STATE: 'state',
  RADIO_NETWORK: 'network',
  RADIO_TIMING: 'timing',
  RADIO_OTA_PACING: 'otaPacing',
  RADIO_MAC: 'mac',
  RADIO_LOG_LEVEL: 'logLevel',
  RADIO_PROTOCOL: 'protocol',
  RADIO_NEW_STICK: 'newStick',
};

export function parseOptions(argv: string[], env: Record<string, string | undefined>): RadioCliOptions {
  const raw: Record<string, string> = {};
  for (const [name, key] of Object.entries(ENV)) if (env[name] !== undefined) raw[key] = env[name]!;
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    const key = m ? FLAGS[m[1]] : undefined;
    if (!m || !key) throw new Error(`unknown argument ${argv[i]}`);
    if (SWITCHES.has(key) && m[2] === undefined) {
      raw[key] = '1';
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    raw[key] = value;
  }
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`${issue.path?.map((p) => String(p.key)).join('.') ?? 'options'}: ${issue.message}`);
  }
  // Paths mean where the user typed them: npm runs a workspace script inside the workspace folder
  // but says where it was started (INIT_CWD).
  const base = env.INIT_CWD ?? process.cwd();
  const { state, network } = result.output;
  return {
    ...result.output,
    state: state === undefined ? undefined : resolve(base, state),
    network: network === undefined ? undefined : resolve(base, network),
  };
}
