import { beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { describeOnRuntimes } from '../helpers/runtimes';
import { buildBundle, chunk, concat, ddfbChunk, ddfFor, descFor, extf, multipart, randomKey, sha256 } from '../helpers/ddf-bundle';

/**
 * DDF bundles over real HTTP on both runtimes (a libSQL file on Node, the Durable Object's SQLite
 * on workerd): upload (multipart), the bundle hash, download with its headers, descriptor paging,
 * signatures, and every kind of broken file refused with nothing stored.
 */
describeOnRuntimes('ddf bundles', (gw) => {
  let key: string;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  const upload = (bytes: Uint8Array, name = 'ddfbundle') => {
    const { body, contentType } = multipart([{ name, bytes, filename: 'bundle.ddb' }]);
    return gw().request(`/api/${key}/ddf/bundles`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  };
  const descriptors = async (next?: number | string) => {
    const res = await gw().request(`/api/${key}/ddf/descriptors${next === undefined ? '' : `?next=${next}`}`);
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : await res.text() };
  };
  const allHashes = async () => {
    const hashes: string[] = [];
    let next: number | undefined;
    do {
      const page = (await descriptors(next)).body as Record<string, unknown>;
      next = page.next as number | undefined;
      hashes.push(...Object.keys(page).filter((k) => k !== 'next'));
    } while (next !== undefined);
    return hashes;
  };

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/ddf/descriptors',
    unknownId: `/ddf/bundles/${'ab'.repeat(32)}`,
    wrongMethod: 'DELETE',
  });

  it('should store a bundle, answer its hash (SHA-256 of the DDFB chunk) and serve it back byte for byte', async () => {
    const bytes = buildBundle({ desc: descFor('LCT015', 'Signify Netherlands B.V.', 'uuid-serve') });
    const hash = sha256(ddfbChunk({ desc: descFor('LCT015', 'Signify Netherlands B.V.', 'uuid-serve') }));
    const res = await upload(bytes);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { id: hash, signatures: [] } }]);

    const got = await gw().request(`/api/${key}/ddf/bundles/${hash.toUpperCase()}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${hash}.ddb"`);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const page = (await descriptors()).body as Record<string, Record<string, unknown>>;
    expect(page[hash]).toMatchObject({
      uuid: 'uuid-serve',
      product: 'Bundle for LCT015',
      version_gateway: '>2.27.0',
      file_hash: sha256(bytes),
      device_identifiers: [['Signify Netherlands B.V.', 'LCT015']],
    });
  });

  it('should keep a bundle immutable: the same upload again answers the same id and stores no copy', async () => {
    const bytes = buildBundle({ desc: descFor('LWB010', 'Signify Netherlands B.V.', 'uuid-twice') });
    const first = (await (await upload(bytes)).json()) as [{ success: { id: string } }];
    const count = (await allHashes()).length;
    const second = (await (await upload(bytes)).json()) as [{ success: { id: string } }];
    expect(second[0].success.id).toBe(first[0].success.id);
    expect((await allHashes()).length).toBe(count);
  });

  it('should report signatures and whether their key is an official one', async () => {
    const signer = randomKey();
    const res = await upload(buildBundle({ desc: descFor('LCT015', 'Signify Netherlands B.V.', 'uuid-signed'), signWith: [signer] }));
    const body = (await res.json()) as [{ success: { signatures: Array<{ key: string; official: unknown }> } }];
    expect(res.status).toBe(200);
    expect(body[0].success.signatures).toHaveLength(1);
    expect(body[0].success.signatures[0]).toMatchObject({ key: expect.stringMatching(/^0[23][0-9a-f]{64}$/), official: null });
  });

  describe('broken bundles', () => {
    const good = () => buildBundle({ desc: descFor('LCT015', 'x', 'uuid-broken') });
    const riff = (data: Uint8Array) => chunk('RIFF', data);
    const ddfb = (...parts: Uint8Array[]) => chunk('DDFB', concat(...parts));
    const desc = chunk('DESC', new TextEncoder().encode(JSON.stringify(descFor('LCT015'))));
    const main = extf('DDFC', 'a/b.json', JSON.stringify(ddfFor('LCT015')));
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ['truncated', good().slice(0, 120), /truncated/],
      [
        'a RIFF size larger than the file',
        (() => {
          const b = good();
          b[4] = 0xff;
          b[5] = 0xff;
          return b;
        })(),
        /truncated/,
      ],
      ['a huge inner chunk size', riff(concat(new TextEncoder().encode('DDFB'), Uint8Array.of(0xff, 0xff, 0xff, 0x7f), desc)), /claims/],
      ['no RIFF header', concat(new TextEncoder().encode('RIFX'), good().slice(4)), /expected one RIFF chunk/],
      ['trailing bytes after RIFF', concat(good(), Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9)), /stray bytes|claims/],
      ['DESC not first', riff(ddfb(main, desc)), /first chunk must be DESC/],
      ['DESC not JSON', riff(ddfb(chunk('DESC', new TextEncoder().encode('{not json')), main)), /DESC: not UTF-8 JSON/],
      [
        'DESC without device_identifiers',
        riff(
          ddfb(
            chunk('DESC', new TextEncoder().encode(JSON.stringify({ uuid: 'u', product: 'p', version_deconz: '1', last_modified: '2026-01-01T00:00:00Z' }))),
            main,
          ),
        ),
        /device_identifiers/,
      ],
      ['no main DDF', buildBundle({ noDdf: true }), /expected one main DDF/],
      ['a main DDF of another schema', buildBundle({ ddf: { schema: 'other.json' } }), /devcap1/],
      ['a path escaping the bundle', riff(ddfb(desc, main, extf('SCJS', '../../etc/passwd', 'x'))), /unsafe path/],
      ['an unknown file type', riff(ddfb(desc, main, extf('EXEC', 'a.sh', 'x'))), /unknown file type/],
      ['an unknown chunk', riff(ddfb(desc, main, chunk('EVIL', Uint8Array.of(1)))), /unexpected chunk EVIL/],
      ['a signature that does not match the hash', buildBundle({ signWith: [randomKey()], tamperSignature: true }), /does not match the bundle hash/],
      ['random bytes', Uint8Array.from({ length: 300 }, (_, i) => (i * 97 + 13) & 0xff), /RIFF|claims|stray/],
    ];

    for (const [what, bytes, reason] of cases) {
      it(`should refuse ${what} with 400 type 12 and store nothing`, async () => {
        const before = await allHashes();
        const [error] = await expectDeconzError(await upload(bytes), 400, 12, '/ddf/bundles');
        expect(error.error.description).toMatch(reason);
        expect(await allHashes()).toEqual(before);
      });
    }

    it('should refuse an oversized body, a missing part, two parts and a non-multipart body', async () => {
      await expectDeconzError(await upload(new Uint8Array(600_000)), 400, 12);
      await expectDeconzError(await upload(good(), 'other'), 400, 12);
      const two = multipart([
        { name: 'ddfbundle', bytes: good(), filename: 'a.ddb' },
        { name: 'ddfbundle', bytes: good(), filename: 'b.ddb' },
      ]);
      await expectDeconzError(
        await gw().request(`/api/${key}/ddf/bundles`, { method: 'POST', headers: { 'Content-Type': two.contentType }, body: two.body }),
        400,
        12,
      );
      await expectDeconzError(await gw().request(`/api/${key}/ddf/bundles`, { method: 'POST', body: good() }), 400, 12);
    });
  });

  it('should page descriptors 64 at a time with an opaque next cursor, across restarts', async () => {
    for (let i = 0; i < 70; i++) expect((await upload(buildBundle({ desc: descFor(`M${i}`, 'pager', `uuid-page-${i}`) }))).status).toBe(200);
    const first = (await descriptors()).body as Record<string, unknown>;
    expect(Object.keys(first).filter((k) => k !== 'next')).toHaveLength(64);
    expect(typeof first.next).toBe('number');
    const second = (await descriptors(first.next as number)).body as Record<string, unknown>;
    expect(second.next).toBeUndefined();
    const total = await allHashes();
    expect(new Set(total).size).toBe(total.length);
    expect(total.length).toBeGreaterThanOrEqual(70);
    for (const bad of ['0', '-1', 'abc', '1.5']) expect((await descriptors(bad)).status).toBe(400);

    await gw().restart();
    key = await gw().createKey();
    expect(await allHashes()).toEqual(total);
  });

  it('should answer 400 for a malformed hash and 404 type 3 for an unknown one', async () => {
    expect((await gw().request(`/api/${key}/ddf/bundles/xyz`)).status).toBe(400);
    await expectDeconzError(await gw().request(`/api/${key}/ddf/bundles/${'0'.repeat(64)}`), 404, 3);
  });
});
