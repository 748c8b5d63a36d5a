import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * Writes `.ddb` bundles for tests, byte by byte from the layout (RIFF { DDFB { DESC, EXTF… },
 * SIGN… }), so the gateway's reader is checked against an independent writer. Options let a test
 * break one thing at a time.
 */
export interface BundleOptions {
  desc?: Record<string, unknown> | string;
  ddf?: Record<string, unknown>;
  /** Extra EXTF files: [type, path, content]. */
  files?: Array<[string, string, string]>;
  /** Private keys to sign the bundle hash with. */
  signWith?: Uint8Array[];
  /** Change the signed hash after signing (a signature that no longer matches). */
  tamperSignature?: boolean;
  /** Leave out the main DDF. */
  noDdf?: boolean;
}

const enc = new TextEncoder();
const u16 = (n: number) => Uint8Array.of(n & 0xff, n >> 8);
const u32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
export const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
export const chunk = (tag: string, data: Uint8Array) => concat(enc.encode(tag), u32(data.length), data);

export function extf(type: string, path: string, content: string, mtime = '2026-01-01T00:00:00Z'): Uint8Array {
  const p = enc.encode(path);
  const m = enc.encode(mtime);
  const data = enc.encode(content);
  return chunk('EXTF', concat(enc.encode(type), u16(p.length), p, u16(m.length), m, u32(data.length), data));
}

export function ddfFor(modelid: string, manufacturer = 'Signify Netherlands B.V.'): Record<string, unknown> {
  return {
    schema: 'devcap1.schema.json',
    manufacturername: manufacturer,
    modelid,
    vendor: 'Philips',
    product: `Bundle for ${modelid}`,
    sleeper: false,
    status: 'Gold',
    subdevices: [{ type: '$TYPE_EXTENDED_COLOR_LIGHT', restapi: '/lights', uuid: ['$address.ext', '0x0b'], items: [{ name: 'state/on' }] }],
  };
}

export function descFor(modelid: string, manufacturer = 'Signify Netherlands B.V.', uuid = '5ad5a6b6-0000-4000-8000-000000000001'): Record<string, unknown> {
  return {
    uuid,
    product: `Bundle for ${modelid}`,
    version_deconz: '>2.27.0',
    last_modified: '2026-01-01T00:00:00.000Z',
    device_identifiers: [[manufacturer, modelid]],
  };
}

/** The DDFB chunk alone (header included): what the bundle hash covers. */
export function ddfbChunk(options: BundleOptions = {}): Uint8Array {
  const desc = options.desc ?? descFor('LCT015');
  const parts: Uint8Array[] = [chunk('DESC', enc.encode(typeof desc === 'string' ? desc : JSON.stringify(desc)))];
  if (!options.noDdf) parts.push(extf('DDFC', 'signify/lct015.json', JSON.stringify(options.ddf ?? ddfFor('LCT015'))));
  for (const [type, path, content] of options.files ?? []) parts.push(extf(type, path, content));
  return chunk('DDFB', concat(...parts));
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function buildBundle(options: BundleOptions = {}): Uint8Array {
  const ddfb = ddfbChunk(options);
  const hash = createHash('sha256').update(ddfb).digest();
  const signed = options.tamperSignature ? createHash('sha256').update('something else').digest() : hash;
  const signs = (options.signWith ?? []).map((key) => {
    const pub = secp256k1.getPublicKey(key as Uint8Array<ArrayBuffer>, true);
    const sig = secp256k1.sign(signed as Uint8Array<ArrayBuffer>, key, { prehash: false });
    return concat(u16(pub.length), pub, u16(sig.length), sig);
  });
  const riffData = concat(ddfb, ...(signs.length > 0 ? [chunk('SIGN', concat(...signs))] : []));
  return chunk('RIFF', riffData);
}

/** A multipart body with one file part (or the parts given). */
export function multipart(parts: Array<{ name: string; bytes: Uint8Array; filename?: string }>): { body: Uint8Array; contentType: string } {
  const boundary = '----herdgate-test-boundary-7d91';
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    pieces.push(
      enc.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`),
      part.bytes,
      enc.encode('\r\n'),
    );
  }
  pieces.push(enc.encode(`--${boundary}--\r\n`));
  return { body: concat(...pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const randomKey = () => secp256k1.utils.randomSecretKey();
