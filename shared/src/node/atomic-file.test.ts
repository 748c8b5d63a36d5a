import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicFile } from './atomic-file';

describe('atomic file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-atomic-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should read nothing before the first write and the written value after it', async () => {
    const file = atomicFile<{ a: number }>(join(dir, 'x.json'));
    expect(await file.read()).toEqual({ value: undefined });
    await file.write({ a: 1 });
    expect(await file.read()).toEqual({ value: { a: 1 } });
    expect(file.readSync()).toEqual({ value: { a: 1 } });
  });

  it('should serialise concurrent writers so the last write wins and no temp file is left', async () => {
    const file = atomicFile<{ n: number }>(join(dir, 'x.json'));
    await Promise.all(Array.from({ length: 100 }, (_, n) => file.write({ n })));
    expect(JSON.parse(readFileSync(join(dir, 'x.json'), 'utf8'))).toEqual({ n: 99 });
    expect(readdirSync(dir).sort()).toEqual(['x.json', 'x.json.bak']);
    expect(JSON.parse(readFileSync(join(dir, 'x.json.bak'), 'utf8'))).toEqual({ n: 98 });
  });

  it('should create files with the requested mode', async () => {
    const file = atomicFile(join(dir, 'key.json'), { mode: 0o600 });
    await file.write({ secret: 1 });
    expect(statSync(join(dir, 'key.json')).mode & 0o777).toBe(0o600);
  });

  it('should move a corrupt file aside, report it and fall back to the last good version', async () => {
    const path = join(dir, 'x.json');
    const reports: unknown[] = [];
    const file = atomicFile<{ n: number }>(path, { onRecover: (info) => reports.push(info) });
    await file.write({ n: 1 });
    await file.write({ n: 2 });
    writeFileSync(path, '{"n": 3');
    const read = await file.read();
    expect(read.value).toEqual({ n: 1 });
    expect(read.recovered).toMatchObject({ fromBackup: true });
    expect(reports).toHaveLength(1);
    expect(readFileSync(read.recovered!.corrupt, 'utf8')).toBe('{"n": 3');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ n: 1 });
  });

  it('should treat a value its validator refuses as corrupt, and start empty without a good copy', () => {
    const path = join(dir, 'x.json');
    writeFileSync(path, '[]');
    const file = atomicFile(path, {
      validate: (value) => {
        if (Array.isArray(value)) throw new Error('expected an object');
        return value as object;
      },
    });
    const read = file.readSync();
    expect(read.value).toBeUndefined();
    expect(read.recovered).toMatchObject({ reason: 'expected an object', fromBackup: false });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^x\.json\.corrupt-/)]);
  });
});
