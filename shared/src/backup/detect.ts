import { gunzip, isGzip } from './bytes';
import { ARCHIVE_FORMAT } from './format';

/**
 * What an uploaded file is, from its first bytes: a herdgate backup, a deCONZ export
 * (`deCONZ.tar.gz`: a gzipped tar whose entries include `deCONZ.conf`), or something else. The
 * import route dispatches on it.
 */
export type UploadKind = 'herdgate' | 'deconz' | 'unknown';

export async function detectUpload(bytes: Uint8Array): Promise<UploadKind> {
  if (!isGzip(bytes)) return 'unknown';
  let text: Uint8Array;
  try {
    text = await gunzip(bytes);
  } catch {
    // A damaged herdgate archive is still recognised by its manifest, if the start survived.
    text = new Uint8Array();
  }
  const head = new TextDecoder().decode(text.subarray(0, 200));
  if (head.startsWith(`{"format":"${ARCHIVE_FORMAT}"`)) return 'herdgate';
  if (tarNames(text).includes('deCONZ.conf')) return 'deconz';
  // Cut short before the manifest ended, or damaged: call it ours when gzip is all we can tell,
  // so the herdgate reader explains what is wrong with it.
  return text.length === 0 ? 'herdgate' : 'unknown';
}

/** Entry names of a tar (ustar: 512-byte headers, name in the first 100 bytes, octal size at 124). */
function tarNames(tar: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length && names.length < 64; ) {
    const header = tar.subarray(at, at + 512);
    if (header[0] === 0) break;
    const name = new TextDecoder().decode(header.subarray(0, 100)).replace(/\0.*$/s, '');
    const size = Number.parseInt(new TextDecoder().decode(header.subarray(124, 136)).replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size)) break;
    names.push(name.replace(/^\.\//, ''));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}
