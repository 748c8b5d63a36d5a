import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLine, spawnCommand, type Child } from './helpers/child-process';
import { documentedFiles, shellBlocks, type DocBlock, type DocCommand } from './helpers/doc-commands';
import { freePort } from './helpers/processes';

/**
 * Every command the README and the docs show (```sh blocks) runs as written from the repository
 * root, so the docs stay true. The docs use the default ports; the test serves on free loopback
 * ones and rewrites the addresses, fills the placeholders (`<key>`, `<ieee>`, `<password>`) and
 * nothing else. `curl` must get a 2xx answer; long-running commands are started, awaited until
 * ready and stopped. Only the commands below cannot run here, each for the reason given.
 */
const CANNOT_RUN: Array<[RegExp, string]> = [
  [/^npm ci$/, 'the test runs inside the installed tree; reinstalling would swap node_modules under the running suite'],
  [/^npm ci && npm test$|^npm test$/, 'it is the suite this test is part of'],
  [/^sudo |^journalctl /, 'installs and reads a systemd service on the host (users, /etc, systemctl)'],
  [/^npx wrangler (login|secret|deploy)\b/, 'needs a Cloudflare account and an interactive login'],
  [/^ZIGBEE_ADAPTER=deconz ZIGBEE_PATH=\/dev\/ttyACM0 /, 'needs a real ConBee stick on /dev/ttyACM0'],
  [/^ZIGBEE_ADAPTER=zstack ZIGBEE_PATH=\/dev\/ttyUSB0 /, "needs Zigbee2MQTT's real Z-Stack stick on /dev/ttyUSB0"],
  [
    /^(DATA_DIR=\S+ )?(ZIGBEE_ADAPTER=\S+ )?npm run import -- zigbee2mqtt /,
    "needs a stopped Zigbee2MQTT's data folder (test/zigbee2mqtt-takeover.test.ts runs this import on the folder of a real Zigbee2MQTT 2.14.1), and it would replace the documented gateway's data",
  ],
  [/ -h (192\.168\.1\.20|radio-host) /, "talks to another host of the example network (its address and CA certificate are the reader's)"],
  [
    /"kind":"(ash-nak|ash-lose|ncp-stuck|ncp-reset)"/,
    "a fault of the EmberZNet front only, and the documented gateway runs the ConBee front (the radio's ember fault tests send each)",
  ],
];
/**
 * `npm start` is the gateway every other command talks to: the test starts it once, as documented
 * (in the installed tree, so the quick start's `npm ci &&` has nothing left to do).
 */
const GATEWAY = /^npm start$|^npm ci && npm start$/;
/** Commands that run until stopped: started on their own, awaited until ready, stopped. */
const SERVICES: Array<[RegExp, RegExp]> = [
  [/^npm run start:radio -- /, /virtual-radio control on/],
  [/^npm run start(:ts)? -w @herdgate\/bridge\b/, /"event":"ready"/],
];
const ADMIN = { user: 'operator', password: 'operator-docs-1' };
/**
 * Which demo device a `<ieee>` placeholder stands for, by the action the line asks for: these where
 * the line's parameter values fit one device only (the button named "button"), else the first
 * joined device whose action takes every parameter the line sends (asked from the radio), so a new
 * action line needs no entry here.
 */
const DEVICE_FOR_ACTION: Record<string, string> = {
  press: '00124b0022a1000b',
  open: '00124b0022a1000a',
  'zone-flags': '00124b0022a1000a',
  set: '00124b0022a10008',
};
const ANY_DEVICE = '00124b0022a10008';

const cannotRun = (c: DocCommand) => CANNOT_RUN.find(([pattern]) => pattern.test(c.text));
const serviceOf = (c: DocCommand) => SERVICES.find(([pattern]) => pattern.test(c.text));
/** A trailing `# comment` (a `#` inside a topic such as 'herdgate/#' follows no blank). */
const withoutComment = (text: string) => text.replace(/\s+#(\s.*)?$/, '');
const isSubscriber = (c: DocCommand) => /^npx mqtt sub\b/.test(c.text) && !/&\s*(#.*)?$/.test(c.text);

/**
 * A subscriber runs until stopped. Its line runs until mqtt.js's own debug log shows the broker's
 * SUBACK (or 60 s pass), then is stopped: it fails if the client ended by itself first (it does, with
 * status 0, when it cannot connect or log in) or printed an error (a refused subscription).
 */
const SUBSCRIBER = [
  'subscriber() {',
  '  local log polls=0; log=$(mktemp)',
  '  DEBUG=mqttjs:client command "$@" 2>"$log" & local pid=$!',
  '  until grep -q "_handleAck :: packet type suback" "$log"; do',
  '    if ! kill -0 "$pid" 2>/dev/null || [ $((polls += 1)) -gt 600 ]; then cat "$log" >&2; echo "the subscriber ended or had no SUBACK" >&2; return 1; fi',
  '    sleep 0.1',
  '  done',
  '  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true',
  '  if grep -v "mqttjs:client" "$log" | grep -q "Error"; then cat "$log" >&2; return 1; fi',
  '  rm -f "$log"',
  '}',
];

const blocks: DocBlock[] = documentedFiles().flatMap((file) => shellBlocks(file));
// The virtual radio's reboot and faults disturb the gateway: its README's blocks run last.
const ordered = [...blocks.filter((b) => b.file !== 'bridge/virtual-radio/README.md'), ...blocks.filter((b) => b.file === 'bridge/virtual-radio/README.md')];
const scripted = ordered.filter((b) => b.commands.some((c) => !cannotRun(c) && !serviceOf(c) && !GATEWAY.test(c.text)));
const services = ordered.flatMap((b) => b.commands.filter((c) => !cannotRun(c) && serviceOf(c)));

describe('documented commands', () => {
  let gateway: Child;
  let dir: string;
  let ports: Record<'http' | 'ws' | 'mqtt' | 'control', number>;
  let env: Record<string, string>;
  let bridgeId = '';
  /** Per action, the joined devices that offer it with the parameters each takes. */
  const actionOwners: Record<string, Array<{ ieee: string; params: string[] }>> = {};
  async function learnActions(): Promise<void> {
    if (Object.keys(actionOwners).length > 0) return;
    const get = async (path: string) => (await fetch(`${env.C}${path}`, { signal: AbortSignal.timeout(10_000) })).json();
    for (const { ieee } of ((await get('/devices')) as { joined: Array<{ ieee: string }> }).joined) {
      for (const { name, params } of (await get(`/devices/${ieee}/actions`)) as Array<{ name: string; params?: Record<string, unknown> }>) {
        (actionOwners[name] ??= []).push({ ieee, params: Object.keys(params ?? {}) });
      }
    }
  }
  /** The device a `<ieee>/actions/<action>` line is for, given the body it sends (`-d '{…}'`). */
  function deviceFor(action: string, line: string): string {
    const body = /-d\s+'(\{.*?\})'/.exec(line)?.[1];
    const sent = body === undefined ? [] : Object.keys(JSON.parse(body) as object);
    const owners = actionOwners[action] ?? [];
    const fits = (ieee: string) => owners.some((o) => o.ieee === ieee && sent.every((key) => o.params.includes(key)));
    const pinned = DEVICE_FOR_ACTION[action];
    if (pinned !== undefined && (owners.length === 0 || fits(pinned))) return pinned;
    return owners.find((o) => fits(o.ieee))?.ieee ?? owners[0]?.ieee ?? ANY_DEVICE;
  }
  const createdData = !existsSync('data');

  /** The docs' default addresses and placeholders, made real for this run. */
  const realise = (text: string) =>
    text
      .replace(/(localhost|127\.0\.0\.1|<host>):8080\b/g, `127.0.0.1:${ports.http}`)
      .replace(/\b(localhost|127\.0\.0\.1):8088\b/g, `127.0.0.1:${ports.ws}`)
      .replace(/\b127\.0\.0\.1:6639\b/g, `127.0.0.1:${ports.control}`)
      .replace(/(npx mqtt (?:sub|pub) -h 127\.0\.0\.1) /g, `$1 -p ${ports.mqtt} `)
      .replace(/<key>/g, '$KEY')
      .replace(/KEY=[0-9A-F]{32}\b/g, 'KEY=$KEY')
      .replace(/'<password>'/g, `'${ADMIN.password}'`)
      .replace(/00212EFFFF012345/g, bridgeId)
      .replace(/data\/radio\.json/g, join(dir, 'radio.json'))
      .replace(
        /<ieee>(\/actions\/([a-z-]+))?/g,
        (_, path: string | undefined, action: string | undefined) => `${action ? deviceFor(action, text) : ANY_DEVICE}${path ?? ''}`,
      );

  /**
   * One block as one bash script. A page reads as one shell session: variables set by an earlier
   * block of the same page (`KEY=…`, `API=…`) are set again first.
   */
  function script(block: DocBlock): string {
    const earlier = ordered.slice(0, ordered.indexOf(block)).filter((b) => b.file === block.file);
    const assignments = earlier.flatMap((b) => b.commands).filter((c) => /^[A-Z_]+=/.test(c.text) && !cannotRun(c) && !serviceOf(c));
    const lines = [...assignments, ...block.commands].map((c) => {
      if (cannotRun(c)) return `: # ${c.at} not run here: ${cannotRun(c)![1]}`;
      if (GATEWAY.test(c.text)) return `: # ${c.at} npm start: the gateway this test started`;
      if (serviceOf(c)) return `: # ${c.at} a long-running service, run on its own below`;
      if (isSubscriber(c)) return `subscriber ${realise(withoutComment(c.text))}`;
      return realise(c.text);
    });
    return [
      'set -e',
      'curl() { command curl --fail-with-body --max-time 30 "$@"; }',
      // mqtt.js's client exits 0 when it cannot connect, log in or subscribe, printing the error:
      // any line it writes on stderr (npm's own warnings aside) fails the command.
      'strict() { local err code=0; err=$(mktemp); "$@" 2>"$err" || code=$?; cat "$err" >&2; if grep -v "^npm \\(warn\\|notice\\)" "$err" | grep -q .; then code=1; fi; rm -f "$err"; return $code; }',
      'npx() { if [ "$1" = mqtt ]; then strict command npx "$@"; else command npx "$@"; fi; }',
      ...SUBSCRIBER,
      // A background line (`npx mqtt sub … &`) is a shell running npx running the client: the whole
      // process group goes at the end, not only the job's shell (the script leads its own group).
      `trap 'trap "" TERM; kill -TERM 0 2>/dev/null || true' EXIT`,
      ...lines,
    ].join('\n');
  }

  async function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
    const child = spawnCommand(command, args, { ...env, ...extraEnv }, { group: true });
    const code = await Promise.race([child.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 120_000))]);
    if (code === null) await child.kill();
    return { code, output: child.output.join('\n') };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-docs-'));
    ports = { http: await freePort(), ws: await freePort(), mqtt: await freePort(), control: await freePort() };
    const gatewayEnv = {
      DATA_DIR: dir,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(ports.http),
      WEBSOCKET_PORT: String(ports.ws),
      MQTT_PORT: String(ports.mqtt),
      RADIO_PORT: '0',
      RADIO_CONTROL_PORT: String(ports.control),
      MQTT_ADMIN_USER: ADMIN.user,
      MQTT_ADMIN_PASSWORD: ADMIN.password,
      LOG_FORMAT: 'json',
    };
    gateway = spawnCommand('npm', ['start'], gatewayEnv, { group: true });
    await gateway.line((line) => (jsonLine(line)?.msg === 'herdgate is ready' ? true : undefined), 120_000, 'the gateway ready line');
    bridgeId = await gateway.line(
      (line) => {
        const e = jsonLine(line);
        return e?.event === 'ready' ? String(e.bridge) : undefined;
      },
      1_000,
      'the bridge id',
    );
    // The api answers before the demo home has finished pairing; the documented commands name its
    // devices (the front door, the keypad), so they run once the bridge says every device is in.
    await gateway.line(
      (line) => {
        const e = jsonLine(line);
        return e?.feature === 'device-sync' && e.pending === 0 && e.failed === 0 ? true : undefined;
      },
      120_000,
      'the demo home paired',
    );
    const login = await fetch(`http://127.0.0.1:${ports.http}/api`, {
      method: 'POST',
      body: '{"devicetype":"docs#test"}',
      headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
    });
    const key = ((await login.json()) as [{ success: { username: string } }])[0].success.username;
    env = { KEY: key, C: `http://127.0.0.1:${ports.control}`, HTTP_PORT: String(ports.http), RADIO_CONTROL_PORT: String(ports.control) };
  }, 150_000);

  afterAll(async () => {
    await gateway?.stop(20_000);
    rmSync(dir, { recursive: true, force: true });
    if (createdData) rmSync('data', { recursive: true, force: true });
  }, 30_000);

  it('should find the documented commands, and use every reason it gives for not running one', () => {
    expect(scripted.length).toBeGreaterThan(15);
    const all = blocks.flatMap((b) => b.commands);
    expect(all.some((c) => GATEWAY.test(c.text))).toBe(true);
    expect(services.length).toBe(3);
    for (const [pattern, reason] of CANNOT_RUN)
      expect(
        all.some((c) => pattern.test(c.text)),
        reason,
      ).toBe(true);
  });

  it.each(scripted.map((b) => [b.at, b] as const))(
    'should run the commands of %s as written',
    async (_at, block) => {
      if (block.commands.some((c) => c.text.includes('<ieee>/actions/'))) await learnActions();
      const { code, output } = await run('bash', ['-c', script(block)]);
      expect(code, `${script(block)}\n--- output ---\n${output.slice(-4000)}`).toBe(0);
    },
    150_000,
  );

  it.each(services.map((c) => [c.at, c] as const))(
    'should start %s and stop it again',
    async (_at, command) => {
      const ready = serviceOf(command)![1];
      const extra = { DATA_DIR: join(dir, 'service'), MQTT_PORT: String(await freePort()), PERMIT_JOIN_ON_START: '0' };
      const child = spawnCommand('bash', ['-c', `exec ${realise(command.text)}`], { ...env, ...extra }, { group: true });
      try {
        await child.line((line) => (ready.test(line) ? true : undefined), 90_000, `${command.text} ready`);
      } finally {
        await child.stop(20_000);
      }
    },
    150_000,
  );
});
