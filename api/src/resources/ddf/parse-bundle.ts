import * as v from 'valibot';
import { BundleFormatError, printable, readChunks, u16le, u32le, type Chunk } from './riff-reader';
import { verifySignatures, type BundleSignature } from './signatures';

/**
 * A `.ddb` DDF bundle, checked byte by byte (layout: RIFF { DDFB { DESC, EXTF…, VALI? }, SIGN… },
 * little-endian): every size must fit, every byte must belong to a chunk, DESC must be the
 * descriptor JSON, exactly one EXTF must be the main DDF JSON (`devcap1.schema.json`), and every
 * signature must verify. Anything else is a `BundleFormatError` with the reason.
 */
export const MAX_BUNDLE_BYTES = 512_000;

export interface DdfDescriptor {
  uuid: string;
  product: string;
  /** The gateway version the bundle needs; bundles made for deCONZ call it `version_deconz`. */
  version_gateway: string;
  last_modified: string;
  device_identifiers: Array<[string, string]>;
  [key: string]: unknown;
}

export interface BundleFile {
  type: string;
  path: string;
  modified: string;
  size: number;
}

export interface ParsedBundle {
  /** SHA-256 of the DDFB chunk including its 8-byte header, hex: the bundle's id. */
  hash: string;
  /** SHA-256 of the whole file, hex. */
  fileHash: string;
  descriptor: DdfDescriptor;
  /** The main DDF JSON (the EXTF of type DDFC). */
  ddf: Record<string, unknown>;
  files: BundleFile[];
  signatures: BundleSignature[];
}

const FILE_TYPES = new Set(['DDFC', 'SCJS', 'JSON', 'CHLG', 'INFO', 'WARN', 'KWIS']);
const text = (s: string) => v.pipe(v.string(), v.maxLength(s === 'product' ? 256 : 128));
const descriptorSchema = v.looseObject({
  uuid: text('uuid'),
  product: text('product'),
  version_deconz: v.optional(text('version_deconz')),
  version_gateway: v.optional(text('version_gateway')),
  last_modified: v.pipe(v.string(), v.isoTimestamp()),
  device_identifiers: v.pipe(v.array(v.tuple([v.pipe(v.string(), v.maxLength(64)), v.pipe(v.string(), v.maxLength(64))])), v.minLength(1), v.maxLength(256)),
});

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function json(bytes: Uint8Array, where: string): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new BundleFormatError(`${where}: not UTF-8 JSON`);
  }
}

function only(chunks: Chunk[], tag: string, where: string): Chunk {
  const found = chunks.filter((c) => c.tag === tag);
  if (found.length !== 1) throw new BundleFormatError(`${where}: expected one ${tag} chunk, found ${found.length}`);
  return found[0];
}

/** An EXTF chunk: type(4), u16 path length + path, u16 mtime length + mtime, u32 size + data. */
function readExtf(data: Uint8Array): BundleFile & { data: Uint8Array } {
  const fail = (what: string) => new BundleFormatError(`EXTF: ${what}`);
  if (data.length < 12) throw fail('too short');
  const type = String.fromCharCode(...data.subarray(0, 4));
  if (!FILE_TYPES.has(type)) throw fail(`unknown file type ${printable(type)}`);
  let at = 4;
  const field = (what: string) => {
    if (data.length - at < 2) throw fail(`${what} length missing`);
    const length = u16le(data, at);
    if (length > data.length - at - 2) throw fail(`${what} runs past the chunk`);
    const value = utf8.decode(data.subarray(at + 2, at + 2 + length));
    at += 2 + length;
    return value;
  };
  let path: string;
  let modified: string;
  try {
    path = field('path');
    modified = field('modification time');
  } catch (err) {
    throw err instanceof BundleFormatError ? err : fail('path or time is not UTF-8');
  }
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(path) || path.split('/').some((part) => part === '..' || part === '.'))
    throw fail(`unsafe path ${JSON.stringify(path.slice(0, 80))}`);
  if (data.length - at < 4) throw fail('file size missing');
  const size = u32le(data, at);
  if (size !== data.length - at - 4) throw fail(`${path}: file size ${size} does not match the ${data.length - at - 4} bytes of the chunk`);
  return { type, path, modified, size, data: data.subarray(at + 4) };
}

export async function parseBundle(bytes: Uint8Array): Promise<ParsedBundle> {
  if (bytes.length > MAX_BUNDLE_BYTES) throw new BundleFormatError(`${bytes.length} bytes, the limit is ${MAX_BUNDLE_BYTES}`);
  const [riff, ...rest] = readChunks(bytes, 'file');
  if (riff?.tag !== 'RIFF' || rest.length > 0) throw new BundleFormatError('file: expected one RIFF chunk');
  const [ddfb, ...signs] = readChunks(riff.data, 'RIFF');
  if (ddfb?.tag !== 'DDFB') throw new BundleFormatError('RIFF: the first chunk must be DDFB');
  const stray = signs.find((c) => c.tag !== 'SIGN');
  if (stray) throw new BundleFormatError(`RIFF: unexpected chunk ${printable(stray.tag)} after DDFB`);

  const inner = readChunks(ddfb.data, 'DDFB');
  if (inner[0]?.tag !== 'DESC') throw new BundleFormatError('DDFB: the first chunk must be DESC');
  const unknown = inner.find((c) => !['DESC', 'EXTF', 'VALI'].includes(c.tag));
  if (unknown) throw new BundleFormatError(`DDFB: unexpected chunk ${printable(unknown.tag)}`);
  const parsedDesc = v.safeParse(descriptorSchema, json(only(inner, 'DESC', 'DDFB').data, 'DESC'));
  if (!parsedDesc.success) throw new BundleFormatError(`DESC: ${v.getDotPath(parsedDesc.issues[0]) ?? 'descriptor'} ${parsedDesc.issues[0].message}`);

  const desc = parsedDesc.output;
  const versionGateway = desc.version_gateway ?? desc.version_deconz;
  if (versionGateway === undefined) throw new BundleFormatError('DESC: version_deconz (or version_gateway) is missing');

  const files = inner.filter((c) => c.tag === 'EXTF').map((c) => readExtf(c.data));
  const mains = files.filter((f) => f.type === 'DDFC');
  if (mains.length !== 1) throw new BundleFormatError(`EXTF: expected one main DDF (DDFC), found ${mains.length}`);
  const ddf = json(mains[0].data, `DDFC ${mains[0].path}`);
  if (typeof ddf !== 'object' || ddf === null || Array.isArray(ddf) || (ddf as { schema?: unknown }).schema !== 'devcap1.schema.json') {
    throw new BundleFormatError(`DDFC ${mains[0].path}: not a devcap1.schema.json device description`);
  }

  // The DDFB chunk with its header: riff.data starts 8 bytes into the file.
  const ddfbBytes = bytes.subarray(8 + ddfb.offset, 8 + ddfb.offset + 8 + ddfb.data.length);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', ddfbBytes));
  const signatures = signs.flatMap((c) => verifySignatures(c.data, hash));
  return {
    hash: hex(hash.buffer),
    fileHash: hex(await crypto.subtle.digest('SHA-256', bytes)),
    descriptor: { ...desc, version_gateway: versionGateway } as DdfDescriptor,
    ddf: ddf as Record<string, unknown>,
    files: files.map(({ data: _data, ...file }) => file),
    signatures,
  };
}
