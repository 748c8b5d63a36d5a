import * as v from 'valibot';
import { fromBase64, gunzip, gzip, isGzip, sha256Hex, toBase64 } from './bytes';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveBody, type ArchiveManifest, type ArchiveRefusal, type BackupArchive } from './format';

const hex64 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

const manifestSchema = v.object({
  format: v.literal(ARCHIVE_FORMAT),
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  created: v.string(),
  gateway: v.object({
    bridgeid: v.string(),
    name: v.string(),
    coordinator: v.optional(v.object({ ieee: v.string(), adapter: v.optional(v.string()), panId: v.optional(v.string()), channel: v.optional(v.number()) })),
  }),
  software: v.record(v.string(), v.string()),
  body: v.object({ sha256: hex64, bytes: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
});

const bodySchema = v.object({
  database: v.object({ tables: v.record(v.string(), v.array(v.record(v.string(), v.unknown()))) }),
  bridge: v.object({ files: v.record(v.string(), v.object({ sha256: hex64, data: v.string() })) }),
});

/** The bridge files a restore cannot do without. */
export const REQUIRED_BRIDGE_FILES = ['network.json', 'database.db'] as const;

export type DecodeResult = { ok: true; archive: BackupArchive } | { ok: false; refusal: ArchiveRefusal };

const encoder = new TextEncoder();

export async function encodeArchive(manifest: Omit<ArchiveManifest, 'format' | 'version' | 'body'>, body: ArchiveBody): Promise<Uint8Array> {
  const bodyBytes = encoder.encode(JSON.stringify(body));
  const full: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    ...manifest,
    body: { sha256: await sha256Hex(bodyBytes), bytes: bodyBytes.length },
  };
  const head = encoder.encode(`${JSON.stringify(full)}\n`);
  const text = new Uint8Array(head.length + bodyBytes.length);
  text.set(head);
  text.set(bodyBytes, head.length);
  return gzip(text);
}

/** A bridge file as the archive carries it. */
export async function archiveFile(bytes: Uint8Array): Promise<{ sha256: string; data: string }> {
  return { sha256: await sha256Hex(bytes), data: toBase64(bytes) };
}

const refuse = (reason: ArchiveRefusal['reason'], message: string): DecodeResult => ({ ok: false, refusal: { reason, message } });

/**
 * Reads and checks a whole archive before anything acts on it: a file that is not gzip or whose
 * first line is not our manifest is foreign, a newer version is refused, a stream that ends early is
 * truncated, and any hash or shape mismatch is damage. Only a complete, intact archive is returned.
 */
export async function decodeArchive(bytes: Uint8Array): Promise<DecodeResult> {
  if (!isGzip(bytes)) return refuse('foreign', 'not a herdgate backup (not a gzip file)');
  let text: Uint8Array;
  try {
    text = await gunzip(bytes);
  } catch (err) {
    const message = (err as Error).message;
    return /end of file/i.test(message) ? refuse('truncated', 'the backup file is cut short') : refuse('damaged', `the backup file is damaged (${message})`);
  }
  const newline = text.indexOf(0x0a);
  const manifest = parseManifest(newline < 0 ? text : text.subarray(0, newline));
  if ('reason' in manifest) return { ok: false, refusal: manifest };
  const bodyBytes = text.subarray(newline + 1);
  if (bodyBytes.length !== manifest.body.bytes)
    return refuse(
      bodyBytes.length < manifest.body.bytes ? 'truncated' : 'damaged',
      `the backup's content is ${bodyBytes.length} bytes, its manifest says ${manifest.body.bytes}`,
    );
  if ((await sha256Hex(bodyBytes)) !== manifest.body.sha256) return refuse('damaged', "the backup's checksum does not match its content");
  const body = v.safeParse(bodySchema, safeJson(bodyBytes));
  if (!body.success) return refuse('damaged', `the backup's content is malformed (${issuePath(body.issues[0])})`);
  const files = body.output.bridge.files;
  for (const name of REQUIRED_BRIDGE_FILES) if (!(name in files)) return refuse('incomplete', `the backup holds no ${name} (the bridge's network)`);
  for (const [name, file] of Object.entries(files)) {
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) return refuse('damaged', `the backup names an unsafe file "${name}"`);
    const data = decodeFile(file.data);
    if (!data || (await sha256Hex(data)) !== file.sha256) return refuse('damaged', `${name} in the backup does not match its checksum`);
  }
  return { ok: true, archive: { manifest, body: body.output as ArchiveBody } };
}

/** The bytes of one bridge file of a decoded (so checked) archive. */
export function bridgeFileBytes(archive: BackupArchive, name: string): Uint8Array | undefined {
  const file = archive.body.bridge.files[name];
  return file ? fromBase64(file.data) : undefined;
}

function parseManifest(line: Uint8Array): ArchiveManifest | ArchiveRefusal {
  const json = safeJson(line) as { format?: unknown; version?: unknown } | undefined;
  if (!json || typeof json !== 'object' || json.format !== ARCHIVE_FORMAT)
    return { reason: 'foreign', message: 'not a herdgate backup (no herdgate manifest)' };
  if (typeof json.version === 'number' && json.version > ARCHIVE_VERSION) {
    return { reason: 'newer', message: `the backup has format version ${json.version}; this herdgate reads up to ${ARCHIVE_VERSION}: update herdgate first` };
  }
  const parsed = v.safeParse(manifestSchema, json);
  if (!parsed.success) return { reason: 'damaged', message: `the backup's manifest is malformed (${issuePath(parsed.issues[0])})` };
  return parsed.output;
}

function safeJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

function decodeFile(data: string): Uint8Array | undefined {
  try {
    return fromBase64(data);
  } catch {
    return undefined;
  }
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((p) => String(p.key)).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
