import { describe, expect, it } from 'vitest';
import { archiveFile, bridgeFileBytes, decodeArchive, detectUpload, encodeArchive, gunzip, gzip, type ArchiveBody } from './index';

const text = (s: string) => new TextEncoder().encode(s);

async function sample(files: Record<string, string> = { 'network.json': '{"panID":1}', 'database.db': '{"id":1}\n' }): Promise<Uint8Array> {
  const body: ArchiveBody = {
    database: { tables: { api_keys: [{ key: 'k1', name: 'app', data: { $bytes: 'AAE=' } }] } },
    bridge: { files: Object.fromEntries(await Promise.all(Object.entries(files).map(async ([name, content]) => [name, await archiveFile(text(content))]))) },
  };
  return encodeArchive({ created: '2026-12-02T03:00:00.000Z', gateway: { bridgeid: '00212EFFFF012345', name: 'Home' }, software: { herdgate: '0.1.0' } }, body);
}

/** Unzips, edits the text, zips again: a file whose gzip is intact but whose content is not. */
async function edited(bytes: Uint8Array, edit: (s: string) => string): Promise<Uint8Array> {
  return gzip(text(edit(new TextDecoder().decode(await gunzip(bytes)))));
}

describe('backup archive', () => {
  it('should read back what it wrote, bridge files byte for byte', async () => {
    const decoded = await decodeArchive(await sample());
    if (!decoded.ok) throw new Error(decoded.refusal.message);
    expect(decoded.archive.manifest).toMatchObject({ format: 'herdgate-backup', version: 1, gateway: { bridgeid: '00212EFFFF012345' } });
    expect(decoded.archive.body.database.tables.api_keys).toEqual([{ key: 'k1', name: 'app', data: { $bytes: 'AAE=' } }]);
    expect(new TextDecoder().decode(bridgeFileBytes(decoded.archive, 'database.db'))).toBe('{"id":1}\n');
  });

  it('should refuse a truncated file', async () => {
    const bytes = await sample();
    for (const cut of [10, Math.floor(bytes.length / 2), bytes.length - 1]) {
      expect(await decodeArchive(bytes.subarray(0, cut))).toMatchObject({ ok: false, refusal: { reason: 'truncated' } });
    }
  });

  it('should refuse a file with a flipped byte', async () => {
    const bytes = (await sample()).slice();
    bytes[Math.floor(bytes.length / 2)] ^= 0x55;
    expect(await decodeArchive(bytes)).toMatchObject({ ok: false, refusal: { reason: 'damaged' } });
  });

  it('should refuse content that no longer matches the checksum', async () => {
    const bytes = await edited(await sample(), (s) => s.replace('"k1"', '"k2"'));
    expect(await decodeArchive(bytes)).toMatchObject({ ok: false, refusal: { reason: 'damaged', message: expect.stringContaining('checksum') } });
  });

  it('should refuse a bridge file that does not match its own checksum', async () => {
    const good = await sample();
    // Swap one file's data for another's: the body hash is recomputed, the file hash is not.
    const unzipped = new TextDecoder().decode(await gunzip(good));
    const head = unzipped.slice(0, unzipped.indexOf('\n'));
    const body = unzipped.slice(unzipped.indexOf('\n') + 1);
    const parsed = JSON.parse(body) as ArchiveBody;
    parsed.bridge.files['database.db'].data = parsed.bridge.files['network.json'].data;
    const rebuilt = await encodeArchive(JSON.parse(head), parsed);
    expect(await decodeArchive(rebuilt)).toMatchObject({ ok: false, refusal: { reason: 'damaged', message: expect.stringContaining('database.db') } });
  });

  it('should refuse a foreign file: not gzip, another gzip, a deCONZ export', async () => {
    expect(await decodeArchive(text('PK\u0003\u0004zip'))).toMatchObject({ ok: false, refusal: { reason: 'foreign' } });
    expect(await decodeArchive(await gzip(text('{"hello":1}\n{}')))).toMatchObject({ ok: false, refusal: { reason: 'foreign' } });
    expect(await decodeArchive(await deconzExport())).toMatchObject({ ok: false, refusal: { reason: 'foreign' } });
  });

  it('should refuse an archive of a newer version, saying so', async () => {
    const bytes = await edited(await sample(), (s) => s.replace('"version":1', '"version":2'));
    expect(await decodeArchive(bytes)).toMatchObject({ ok: false, refusal: { reason: 'newer', message: expect.stringContaining('update herdgate') } });
  });

  it('should refuse an archive without the bridge network, or naming a path outside the data folder', async () => {
    expect(await decodeArchive(await sample({ 'database.db': '' }))).toMatchObject({ ok: false, refusal: { reason: 'incomplete' } });
    expect(await decodeArchive(await sample({ 'network.json': '{}', 'database.db': '', '../evil': 'x' }))).toMatchObject({
      ok: false,
      refusal: { reason: 'damaged', message: expect.stringContaining('unsafe') },
    });
  });

  it('should tell a herdgate backup from a deCONZ export and from anything else', async () => {
    expect(await detectUpload(await sample())).toBe('herdgate');
    expect(await detectUpload(await deconzExport())).toBe('deconz');
    expect(await detectUpload(text('hello'))).toBe('unknown');
    expect(await detectUpload(await gzip(text('hello')))).toBe('unknown');
  });
});

/** A minimal deCONZ.tar.gz: one ustar entry `deCONZ.conf`. */
async function deconzExport(): Promise<Uint8Array> {
  const content = text('{"deviceType":0}');
  const header = new Uint8Array(512);
  header.set(text('deCONZ.conf'), 0);
  header.set(text(`${content.length.toString(8).padStart(11, '0')}\0`), 124);
  header.set(text('ustar\u000000'), 257);
  const tar = new Uint8Array(512 + 512 + 1024);
  tar.set(header, 0);
  tar.set(content, 512);
  return gzip(tar);
}
