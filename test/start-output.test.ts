import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectEvents, connectMqtt } from './helpers/clients';
import { jsonLine, spawnCommand, type Child } from './helpers/child-process';
import { waitFor, withTimeout } from './helpers/wait';

/** Every port 0: the banner must show what the children really bound. */
const FREE_PORTS = { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', MQTT_PORT: '0', RADIO_PORT: '0', RADIO_CONTROL_PORT: '0' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour escapes (ESC [ … m)
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** The addresses a start announced are really served: public config over REST, a WebSocket, MQTT. */
async function reachable(rest: string, websocket: string, mqtt: string): Promise<void> {
  const config = await fetch(`${rest}/config`, { signal: AbortSignal.timeout(5_000) });
  expect(config.status).toBe(200);
  expect(await config.json()).toMatchObject({ apiversion: expect.any(String) });
  (await connectEvents(websocket)).close();
  await (await connectMqtt(mqtt)).close();
}

/** npm may end before the gateway has finished stopping: wait (bounded) until nothing listens. */
async function portsClosed(urls: string[]): Promise<void> {
  for (const url of urls) {
    const { port } = new URL(url);
    const closed = () =>
      fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
        () => undefined,
        () => true,
      );
    await waitFor(closed, `${url} to close`, 20_000, 200);
  }
}

/** `npm start` as a user runs it: what it prints on a terminal and when piped. */
describe('npm start output', () => {
  let child: Child | undefined;
  let dir: string | undefined;

  afterEach(async () => {
    await child?.stop(20_000);
    child = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  // One process for bridge and api (the default), or one each (HERDGATE_PROCESSES=split): same output.
  it.each(['one', 'split'])(
    'should print JSON lines and one ready line with the bound addresses when stdout is not a terminal (%s)',
    async (processes) => {
      dir = mkdtempSync(join(tmpdir(), 'herdgate-start-json-'));
      child = spawnCommand('npm', ['start'], { ...FREE_PORTS, DATA_DIR: dir, LOG_FORMAT: '', HERDGATE_PROCESSES: processes }, { group: true });
      const ready = (await child.line(
        (line) => {
          const entry = jsonLine(line);
          return entry?.msg === 'herdgate is ready' ? entry : undefined;
        },
        90_000,
        'the ready line',
      )) as { process: string; web: string; rest: string; websocket: string; mqtt: string[]; radioControl: string };
      expect(ready).toMatchObject({ process: 'herdgate', web: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/), rest: `${ready.web}api` });
      expect(ready.mqtt[0]).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
      await reachable(ready.rest, ready.websocket, ready.mqtt[0]!);

      // Apart from npm's own two header lines, every line is JSON and says which process wrote it.
      const lines = child.output
        .join('\n')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('> '));
      const parsed = lines.map(jsonLine);
      expect(lines.filter((_, i) => parsed[i] === undefined)).toEqual([]);
      expect(new Set(parsed.map((entry) => entry!.process))).toEqual(new Set(['radio', 'bridge', 'api', 'herdgate']));
      expect(parsed.some((entry) => entry!.process === 'api' && entry!.msg === 'herdgate api listening')).toBe(true);
      const exits = parsed.filter((entry) => entry!.process === 'herdgate' && typeof entry!.msg === 'string' && /exited/.test(entry!.msg as string));
      expect(exits).toEqual([]);
      const pids = (name: string) => new Set(parsed.filter((entry) => entry!.process === name && typeof entry!.pid === 'number').map((entry) => entry!.pid));
      if (processes === 'one') expect(pids('bridge')).toEqual(pids('api'));
      else expect([...pids('bridge')].some((pid) => pids('api').has(pid))).toBe(false);

      // The demo's devices carry the names its network file gives them, from the first start.
      const login = await fetch(`${ready.rest}`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
        body: JSON.stringify({ devicetype: 'names-check' }),
      });
      const key = ((await login.json()) as [{ success: { username: string } }])[0].success.username;
      const names = async (kind: string) =>
        Object.values((await (await fetch(`${ready.rest}/${key}/${kind}`)).json()) as Record<string, { name: string }>).map((r) => r.name);
      await waitFor(async () => (await names('lights')).includes('Living room ceiling'), 'the ceiling light by its demo name', 60_000, 250);
      await waitFor(async () => (await names('sensors')).includes('Bedside button'), 'the bedside button by its demo name', 60_000, 250);

      // `kill -INT` of npm alone (not its group), as from another terminal: npm passes it to the
      // start script, which runs in the shell's place (exec), and everything stops.
      child.process.kill('SIGINT');
      await withTimeout(child.exited, 30_000, () => `npm start to end on SIGINT; output:\n${child!.output.join('\n').slice(-2000)}`);
      await portsClosed([ready.rest, ready.websocket, ready.mqtt[0]!, ready.radioControl]);
    },
    150_000,
  );

  it('should print coloured lines and the banner with the bound addresses on a terminal', async () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-start-tty-'));
    // `script` gives npm start a pseudo-terminal, as a user's shell would.
    child = spawnCommand('script', ['-qfec', 'npm start', '/dev/null'], { ...FREE_PORTS, DATA_DIR: dir, LOG_FORMAT: '' }, { group: true });
    const text = () => stripAnsi(child!.output.join('\n'));
    await child.line((line) => (stripAnsi(line).includes('Apps that ask you to press the link button') ? true : undefined), 90_000, 'the banner');
    await child.line((line) => (stripAnsi(line).includes('herdgate api listening') ? true : undefined), 10_000, 'the api listening line');
    const banner = text();
    const field = (label: string) => new RegExp(`^\\s+${label}\\s+(\\S+)`, 'm').exec(banner)?.[1];
    const web = field('Web app')!;
    const rest = field('REST')!;
    expect(web).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(rest).toBe(`${web}api`);
    expect(banner).toContain('herdgate is ready');
    expect(banner).toContain(`curl -s -u delight:delight -X POST -d '{"devicetype":"me"}' ${rest}`);
    expect(banner).toContain('The default password works from this machine only');
    await reachable(rest, field('WebSocket')!, field('MQTT')!);
    // Coloured, human lines: time, process, level, message (no raw JSON for pino lines).
    const raw = child.output.join('\n');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI colour escape (ESC [ n m)
    expect(raw).toMatch(/\x1b\[\d+m/);
    expect(banner).toMatch(/^\d\d:\d\d:\d\d\.\d{3} api\s+INFO\s+herdgate api listening\s+httpPort=\d+/m);
    expect(banner).not.toMatch(/^\{"level"/m);
    // After the banner, pairing the demo is a few summary lines, not one per device and step, and
    // the demo's own devices give no warning or error (e.g. a configure the radio refuses).
    await child.line((line) => (/pairing: \d+ devices interviewed.*all done/.test(stripAnsi(line)) ? true : undefined), 120_000, 'the pairing summary');
    const after = stripAnsi(child.output.join('\n'))
      .split('herdgate is ready')[1]!
      .split('\n')
      .filter((line) => /^\d\d:\d\d:\d\d\.\d{3} /.test(line));
    expect(after.filter((line) => /\s(WARN|ERROR|FATAL)\s/.test(line))).toEqual([]);
    expect(after.length).toBeLessThan(30);
    await child.stop(20_000);
    await portsClosed([rest, field('WebSocket')!, field('MQTT')!, field('Radio')!]);
  }, 240_000);
});
