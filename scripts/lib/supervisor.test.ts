import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from './supervisor';
import { waitFor } from '../../test/helpers/wait';

/** A tiny child: prints "ready", appends its name to a journal on SIGTERM, optionally crashes once. */
const CHILD = `
const [name, journal, crashFlag] = process.argv.slice(1);
const fs = require('node:fs');
// The handler goes in before "ready" is printed: the supervisor may signal as soon as it reads it.
process.on('SIGTERM', () => { fs.appendFileSync(journal, name + '\\n'); process.exit(0); });
console.log(name + ' ready' + (process.env.HERDGATE_RESTARTED_BY_SUPERVISOR === '1' ? ' (restarted)' : ''));
if (crashFlag && !fs.existsSync(crashFlag)) { fs.writeFileSync(crashFlag, '1'); setTimeout(() => process.exit(3), 50); }
setInterval(() => {}, 1000);
`;

describe('supervisor', () => {
  const dirs: string[] = [];
  let supervisor: Supervisor | undefined;

  afterEach(async () => {
    await supervisor?.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'herdgate-supervisor-'));
    dirs.push(dir);
    const journal = join(dir, 'journal');
    writeFileSync(journal, '');
    const out = new PassThrough();
    let output = '';
    out.on('data', (chunk) => (output += chunk));
    supervisor = new Supervisor(out);
    const spec = (name: string, crashFlag = '') => ({
      name,
      command: process.execPath,
      args: ['-e', CHILD, name, journal, crashFlag],
      ready: (line: string) => line.includes('ready'),
    });
    return { dir, journal, spec, output: () => output };
  }

  it('should start children in order, prefix their output and stop them in reverse order', async () => {
    const { journal, spec, output } = setup();
    await supervisor!.start([spec('radio'), spec('bridge'), spec('api')]);
    const lines = output()
      .split('\n')
      .filter((line) => line.includes('ready'));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour escapes (ESC [ … m)
    expect(lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim())).toEqual(['radio  | radio ready', 'bridge | bridge ready', 'api    | api ready']);
    await supervisor!.stop();
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toEqual(['api', 'bridge', 'radio']);
  });

  it('should restart a child that dies on its own, after a backoff', async () => {
    const { dir, spec, output } = setup();
    await supervisor!.start([spec('bridge', join(dir, 'crashed-once'))]);
    await waitFor(() => output().split('bridge ready').length >= 3, 'the bridge ready a second time', 10_000).catch(() => undefined);
    expect(output()).toMatch(/bridge exited \(code 3\); restarting in 1 s/);
    expect(output().split('bridge ready').length - 1).toBe(2);
    // Only the restart is marked, so the api's password-reset window stays shut after a crash.
    expect(output().split('bridge ready (restarted)').length - 1).toBe(1);
  });
});
