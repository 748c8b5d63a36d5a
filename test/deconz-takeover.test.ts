import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COORDINATOR, KEY, sampleHome, writeExport } from '../scripts/import/deconz/fixtures';
import { importDeconz } from '../scripts/import/deconz/import-deconz';
import { radioControl } from './helpers/clients';
import { startStack, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const MOTION = '0017880102030405';
const HUE = '001788010a0b0c0d';

/**
 * A deCONZ home taken over on the real stack: the import fills a data dir and makes the virtual
 * radio deCONZ's stick, then radio, bridge and api start from it with permit join closed. The old
 * API key answers with the same bridge id, ids and names; the devices work without joining or
 * being interviewed again; a rule imported from deCONZ fires.
 */
describe('deCONZ takeover on the real stack', () => {
  let work: string;
  let stack: Stack;
  const old = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.rest.base}/api/${KEY}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'herdgate-takeover-'));
    const archive = join(work, 'deCONZ.tar.gz');
    await writeFile(archive, await writeExport(work, sampleHome()));
    await importDeconz({ source: archive, dataDir: join(work, 'data'), dryRun: false });
    // At debug the bridge logs every join and interview it starts.
    stack = await startStack({ dataDir: join(work, 'data'), bridgeEnv: { LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await stack?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('should answer the old key with the same bridge id, ids and names, and resume the network', async () => {
    await waitFor(async () => (await old('GET', '/config')).body.rfconnected === true, 'network up', 60_000);
    const config = (await old('GET', '/config')).body;
    expect(config).toMatchObject({ bridgeid: COORDINATOR.toUpperCase(), name: 'Phoscon-GW', zigbeechannel: 20, panid: 0x4d2e, permitjoin: 0 });
    const lights = (await old('GET', '/lights')).body;
    expect(lights['3']).toMatchObject({ name: 'Living room ceiling', uniqueid: '00:17:88:01:0a:0b:0c:0d-0b' });
    expect(lights['7']).toMatchObject({ name: 'Reading lamp' });
    expect((await old('GET', '/sensors/4')).body).toMatchObject({ name: 'Hall motion', type: 'ZHAPresence' });
    expect((await old('GET', '/groups/1')).body).toMatchObject({ name: 'Living room', lights: ['3', '7'] });
  });

  it('should drive a light and take a sensor report at once, and fire the imported rule', async () => {
    await waitFor(async () => (await old('GET', '/lights/3')).body.state?.reachable === true, 'light 3 reachable', 60_000);
    const off = await old('PUT', '/lights/3/state', { on: false });
    expect(off.body).toEqual([{ success: { '/lights/3/state/on': false } }]);
    await waitFor(
      async () => (await radioControl(stack.radio.control, 'GET', `/devices/${HUE}`)).state?.endpoints?.['11']?.genOnOff?.onOff === 0,
      'the bulb is off',
      20_000,
    );
    // Rule 2 (from deCONZ): presence on sensor 4 turns group 1 on.
    await radioControl(stack.radio.control, 'POST', `/devices/${MOTION}/actions/motion`, {});
    await waitFor(async () => (await old('GET', '/sensors/4')).body.state?.presence === true, 'presence reported', 30_000);
    await waitFor(async () => (await old('GET', '/lights/3')).body.state?.on === true, 'the rule turned the light on', 30_000);
    // The count is written beside the action: the light may show it first.
    await waitFor(async () => (await old('GET', '/rules/2')).body.timestriggered > 4, 'rule 2 counted the firing', 10_000);
  }, 120_000);

  it('should take the same export over REST (upload, then import) onto the running gateway, the lights answering', async () => {
    expect((await old('PUT', '/lights/7', { name: 'Renamed since' })).status).toBe(200);
    const upload = new FormData();
    upload.append('file', new Blob([await readFile(join(work, 'deCONZ.tar.gz'))]), 'deCONZ.tar.gz');
    const uploaded = await fetch(`${stack.rest.base}/api/${KEY}/fileupload`, { method: 'POST', body: upload });
    expect(await uploaded.json()).toEqual([{ success: { '/fileupload': 'success' } }]);
    const restarts = () => stack.bridge!.child.output.filter((line) => line.includes('bridge restarted')).length;
    const imported = await old('POST', '/config/import');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body[1].success['/config/import/restored']).toMatchObject({
      source: 'deconz',
      stick: 'same',
      from: { bridgeid: COORDINATOR.toUpperCase() },
      notes: expect.arrayContaining([expect.stringMatching(/^deCONZ database: schema version 10/)]),
    });
    expect((await old('GET', '/lights/7')).body.name).toBe('Reading lamp');
    await waitFor(() => restarts() === 1 && stack.api.services.bridge.connected(), 'the bridge restarted on the imported files', 60_000);
    await waitFor(
      async () => (await old('PUT', '/lights/3/state', { on: true })).body[0]?.success !== undefined,
      'light 3 to answer after the import',
      30_000,
      500,
    );
    expect((await old('GET', '/config')).body.bridgeid).toBe(COORDINATOR.toUpperCase());
  }, 120_000);

  it('should have joined and interviewed no device again', async () => {
    const bridgeLog = stack.bridge!.child.output.join('\n');
    expect(bridgeLog).toContain('"level":20');
    expect(bridgeLog).not.toContain('device joined; interview starting');
    expect(stack.api.services.bridge.devices().get(`0x${HUE}`)?.interview).toBe('successful');
    const { joined } = await radioControl<{ joined: { ieee: string; nwk: number }[] }>(stack.radio.control, 'GET', '/devices');
    expect(joined.find((d) => d.ieee === HUE)?.nwk).toBe(0x1a2b);
  });
});
