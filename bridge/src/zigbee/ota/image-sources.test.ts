import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOtaImage } from '@herdgate/shared/ota';
import { createImageSources, verifyImage } from './image-sources';
import { createProgressMeter } from './progress';

const dataDir = mkdtempSync(join(tmpdir(), 'herdgate-ota-'));
const dir = join(dataDir, 'ota');
mkdirSync(dir);
const image = (fileVersion: number, size = 300) =>
  Buffer.from(buildOtaImage({ manufacturerCode: 0x100b, imageType: 0x0104, fileVersion, payload: new Uint8Array(size).fill(7) }));
const sha = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');

describe('ota image sources', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("should check an image's identifier, size and sha512", () => {
    const good = image(0x01000200);
    expect(verifyImage(good)).toMatchObject({ manufacturerCode: 0x100b, imageType: 0x0104, fileVersion: 0x01000200, size: good.length });
    expect(verifyImage(Buffer.concat([Buffer.from('vendor'), good]), {}).size).toBe(good.length);
    expect(() => verifyImage(good.subarray(0, good.length - 10))).toThrow(/size-mismatch|truncated/);
    expect(() => verifyImage(Buffer.from('not firmware at all, just text here to be long enough for a header'))).toThrow(/not-an-ota-file/);
    expect(() => verifyImage(good, { sha512: 'ab'.repeat(64) })).toThrow(/sha512/);
    expect(() => verifyImage(good, { fileSize: good.length + 1 })).toThrow(/fileSize/);
  });

  it('should merge the folder and the index newest first and leave bad files out', async () => {
    writeFileSync(join(dir, 'old.ota'), image(0x01000100));
    writeFileSync(join(dir, 'new.zigbee'), image(0x01000300));
    writeFileSync(join(dir, 'broken.ota'), image(0x01000900).subarray(0, 100));
    writeFileSync(join(dir, 'notes.txt'), 'release notes');
    const indexed = image(0x01000200);
    writeFileSync(join(dataDir, 'indexed.ota'), indexed);
    writeFileSync(join(dataDir, 'bad-sha.ota'), image(0x01000500));
    writeFileSync(
      join(dataDir, 'index.json'),
      JSON.stringify([
        { url: 'indexed.ota', sha512: sha(indexed), releaseNotes: 'fixes' },
        { url: 'bad-sha.ota', sha512: 'cd'.repeat(64) },
        { url: 'https://example.invalid/remote.ota', manufacturerCode: 1, imageType: 2, fileVersion: 3, fileSize: 100 },
        { url: 'https://example.invalid/incomplete.ota' },
      ]),
    );
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).file ?? '') });
    const sources = createImageSources({ dir, index: 'index.json', dataDir }, log);
    const path = await sources.refresh();
    const written = JSON.parse(readFileSync(path, 'utf8')) as Array<{ url: string; fileVersion: number; sha512?: string }>;
    expect(written.map((e) => e.fileVersion)).toEqual([0x01000300, 0x01000200, 0x01000100, 3]);
    expect(written[0]!.sha512).toBe(sha(readFileSync(join(dir, 'new.zigbee'))));
    expect(sources.images().map((i) => i.source)).toEqual(['new.zigbee', join(dataDir, 'indexed.ota'), 'old.ota', 'https://example.invalid/remote.ota']);
    expect(sources.images()[1]!.releaseNotes).toBe('fixes');
    expect(warnings.some((w) => w.endsWith('broken.ota'))).toBe(true);
    expect(warnings.some((w) => w.endsWith('bad-sha.ota'))).toBe(true);
  });

  it('should read an empty or missing folder as no images', async () => {
    const sources = createImageSources({ dir: join(dataDir, 'absent'), dataDir }, pino({ level: 'silent' }));
    await sources.refresh();
    expect(sources.images()).toEqual([]);
  });
});

describe('ota progress meter', () => {
  it('should report every 5 % or second with the time left at the measured rate', () => {
    let t = 0;
    const reports: Array<{ percent: number; remaining: number }> = [];
    const meter = createProgressMeter(
      1000,
      (p) => reports.push(p),
      () => t,
    );
    for (let offset = 0; offset <= 1000; offset += 10) {
      meter.at(offset);
      t += 100;
    }
    expect(reports[0]).toMatchObject({ percent: 0 });
    expect(reports.at(-1)).toMatchObject({ percent: 100, remaining: 0 });
    expect(reports.find((r) => r.percent === 50)?.remaining).toBe(5);
    expect(meter.sent()).toBe(1000);
  });
});
