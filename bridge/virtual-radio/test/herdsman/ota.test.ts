import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOtaImage, otaFiller } from '@herdgate/shared/ota';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';
import { waitFor } from '../../../../test/helpers/wait';
import { tempDir } from '../support/temp-dir';

// A Hue bulb (router, answers image notify), a Hue motion sensor (sleepy: asks at its check-in) and
// an IKEA bulb made to ask for pages (Image Page Request), a variant in this test's own catalogue.
const bulb = { model: 'LCT015', ieee: '0017880100000c01' };
const sensor = { model: 'SML001', ieee: '0017880100000c02' };
const paged = { model: 'TRADFRI-paged', ieee: '000b57fffe000c03' };

function catalogue(): string {
  const dir = tempDir('vr-ota-catalogue');
  const source = new URL('../../catalogue/', import.meta.url);
  for (const model of [bulb.model, sensor.model]) copyFileSync(new URL(`${model}.json`, source), join(dir.path, `${model}.json`));
  const ikea = JSON.parse(readFileSync(new URL('TRADFRI-bulb-E27-WW-806lm.json', source), 'utf8'));
  writeFileSync(join(dir.path, `${paged.model}.json`), JSON.stringify({ ...ikea, ota: { ...ikea.ota, pageSize: 256 } }));
  return dir.path;
}

describe('OTA updates through zigbee-herdsman', () => {
  const catalogueDir = catalogue();
  const session = joinedSession([bulb, sensor, paged], 'deconz', { catalogueDir });
  const { h, api } = session;
  const files = tempDir('vr-ota');
  const ota = async (ieee: string) => (await api('GET', `/devices/${ieee}`)).body.ota;
  /** An image for the device's own identity, one version up (or `version`), written where herdsman reads it. */
  const imageFor = async (ieee: string, name: string, options: { version?: number; size?: number; imageType?: number } = {}) => {
    const id = await ota(ieee);
    const fileVersion = options.version ?? id.fileVersion + 1;
    const path = join(files.path, `${name}.ota`);
    const bytes = buildOtaImage({
      manufacturerCode: id.manufacturerCode,
      imageType: options.imageType ?? id.imageType,
      fileVersion,
      headerString: name,
      payload: otaFiller(options.size ?? 1_000, fileVersion),
    });
    writeFileSync(path, bytes);
    return { path, fileVersion, size: bytes.length };
  };
  const update = async (ieee: string, file: string, dataSettings: Record<string, number> = {}) => {
    await h('otaStart', { ieee, file, dataSettings });
    return h('otaResult', { ieee, timeoutMs: 25_000 });
  };

  beforeAll(async () => {
    expect((await api('PUT', '/ota', { pacing: 'fast' })).body).toEqual({ pacing: 'fast' });
  });
  afterAll(() => {
    files.remove();
    rmSync(catalogueDir, { recursive: true, force: true });
  });

  it('should show each OTA client identity on the control API', async () => {
    expect(await ota(bulb.ieee)).toMatchObject({ manufacturerCode: 0x100b, imageType: 0x010c, fileVersion: 16783874, hardwareVersion: 1, state: 'idle' });
    const { body } = await api('GET', '/ota');
    expect(body.pacing).toBe('fast');
    expect(body.clients.map((c: any) => c.ieee).sort()).toEqual([paged.ieee, bulb.ieee, sensor.ieee]);
  });

  it('should update the bulb through herdsman and come back with the new version and build id', async () => {
    const image = await imageFor(bulb.ieee, 'bulb-upgrade', { size: 1_500 });
    const result = await update(bulb.ieee, image.path);
    expect(result).toMatchObject({ ok: true, from: { fileVersion: 16783874 }, to: { fileVersion: image.fileVersion } });
    expect(result.progress.at(-1)).toEqual([100, 0]);
    const after = await ota(bulb.ieee);
    expect(after).toMatchObject({ fileVersion: image.fileVersion, state: 'idle', lastResult: { result: 'upgraded' } });
    // herdsman sends 50-byte blocks (its baseSize) even though the bulb asks for 64.
    expect(after.blocksRequested).toBe(Math.ceil(image.size / 50));
    const expectedBuild = [3, 2, 1, 0].map((i) => (image.fileVersion >>> (8 * i)) & 0xff).join('.');
    expect(await h('read', { ieee: bulb.ieee, endpoint: 11, cluster: 'genBasic', attributes: ['swBuildId'] })).toEqual({ swBuildId: expectedBuild });
  });

  it('should update a device that asks for pages, herdsman answering each with its blocks', async () => {
    const image = await imageFor(paged.ieee, 'paged', { size: 1_200 });
    expect(await update(paged.ieee, image.path)).toMatchObject({ ok: true, to: { fileVersion: image.fileVersion } });
    // One Image Page Request per 256 bytes (the last one shorter), each answered with 50-byte blocks.
    expect(await ota(paged.ieee)).toMatchObject({
      fileVersion: image.fileVersion,
      blocksRequested: Math.ceil(image.size / 256),
      lastResult: { result: 'upgraded' },
    });
  });

  it('should update the sleepy sensor when it checks in after the update was scheduled', async () => {
    const before = await ota(sensor.ieee);
    const image = await imageFor(sensor.ieee, 'sensor-upgrade', { size: 600 });
    await h('otaSchedule', { ieee: sensor.ieee, file: image.path });
    // Nothing reaches a sleepy device: it asks at its own check-in (hourly, a thousandth of that in fast pacing).
    const result = await h('otaResult', { ieee: sensor.ieee, timeoutMs: 20_000 });
    expect(result).toMatchObject({ ok: true, from: { fileVersion: before.fileVersion }, to: { fileVersion: image.fileVersion }, scheduled: false });
    await waitFor(async () => (await ota(sensor.ieee)).fileVersion === image.fileVersion, 'the sensor back with its new version');
    const swBuildId = [3, 2, 1, 0].map((i) => (image.fileVersion >>> (8 * i)) & 0xff).join('.');
    await session.waitDevice(sensor.ieee, (s) => s.endpoints['2']?.genBasic?.swBuildId === swBuildId);
  });

  it('should fail cleanly when the device refuses, finds the image corrupt or not its own', async () => {
    await api('PUT', `/devices/${bulb.ieee}/ota/fault`, { kind: 'refuse' });
    const refused = await update(bulb.ieee, (await imageFor(bulb.ieee, 'refused')).path);
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/failed with reason: ABORT/) });
    await api('PUT', `/devices/${bulb.ieee}/ota/fault`, { kind: 'corrupt' });
    const corrupt = await update(bulb.ieee, (await imageFor(bulb.ieee, 'corrupt')).path);
    expect(corrupt).toMatchObject({ ok: false, error: expect.stringMatching(/failed with reason: INVALID_IMAGE/) });
    expect(await ota(bulb.ieee)).toMatchObject({ state: 'idle', lastResult: { result: 'invalid-image', problem: 'the image fails its integrity check' } });
    await api('DELETE', `/devices/${bulb.ieee}/ota/fault`);
    const wrongType = await update(bulb.ieee, (await imageFor(bulb.ieee, 'wrong-type', { imageType: 0x2101 })).path);
    expect(wrongType).toMatchObject({ ok: false, error: expect.stringMatching(/INVALID_IMAGE/) });
    expect((await ota(bulb.ieee)).blocksRequested).toBe(0);
  });

  it('should leave herdsman waiting in vain when the device stops mid-transfer, then resume', async () => {
    const before = (await ota(bulb.ieee)).fileVersion;
    const image = await imageFor(bulb.ieee, 'stalled', { size: 1_000 });
    await api('PUT', `/devices/${bulb.ieee}/ota/fault`, { kind: 'stall', afterBytes: 300 });
    const stalled = await update(bulb.ieee, image.path, { requestTimeout: 1_500 });
    expect(stalled).toMatchObject({ ok: false, error: expect.stringMatching(/did not start\/finish firmware download/) });
    expect(await ota(bulb.ieee)).toMatchObject({ fileVersion: before, state: 'stalled', download: { offset: 300 } });
    await api('DELETE', `/devices/${bulb.ieee}/ota/fault`);
    const resumed = await update(bulb.ieee, image.path);
    expect(resumed).toMatchObject({ ok: true, to: { fileVersion: image.fileVersion } });
    // It picked up at byte 300: six 50-byte blocks before the stall, fourteen after.
    expect((await ota(bulb.ieee)).blocksRequested).toBe(Math.ceil(image.size / 50));
  });

  it('should stop when herdsman aborts the update', async () => {
    const image = await imageFor(bulb.ieee, 'aborted', { size: 20_000 });
    await h('otaStart', { ieee: bulb.ieee, file: image.path, dataSettings: { responseDelay: 20 } });
    await waitFor(async () => ((await ota(bulb.ieee)).download?.offset ?? 0) > 0, 'the download under way');
    await h('otaAbort', { ieee: bulb.ieee });
    expect(await h('otaResult', { ieee: bulb.ieee })).toMatchObject({ ok: false, error: expect.stringMatching(/was aborted/) });
    await waitFor(async () => (await ota(bulb.ieee)).lastResult?.result === 'aborted', 'the bulb idle again');
    expect((await ota(bulb.ieee)).fileVersion).toBeLessThan(image.fileVersion);
  });
});
