import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Logger } from 'pino';
import { parseOtaImage } from '@herdgate/shared/ota';
import type { OtaImageInfo } from './types';

/**
 * Where images come from: a folder (`OTA_DIR`; every valid OTA file in it counts, matched by its
 * header) and optionally an index (`OTA_INDEX`, a file or URL in herdsman's override-index format).
 * Nothing is downloaded unless an index URL is configured. Local images are checked (upgrade file
 * identifier, header, total size against the bytes and the sub-elements, sha512 when the index gives
 * one) when the sources are read; an image that fails is logged and left out. The result is
 * written as one index file that herdsman matches devices against (first match wins, so the newest
 * file version of a manufacturer code and image type comes first).
 */
export interface ImageSourceOptions {
  dir: string;
  index?: string;
  dataDir: string;
}

/** herdsman's index entry (Koenkk/zigbee-OTA's format), the fields herdgate reads or writes. */
export interface IndexEntry {
  url: string;
  imageType?: number;
  manufacturerCode?: number;
  fileVersion?: number;
  fileSize?: number;
  sha512?: string;
  fileName?: string;
  otaHeaderString?: string;
  releaseNotes?: string;
  [key: string]: unknown;
}

const INDEX_TTL_MS = 10 * 60_000;
const isUrl = (text: string) => /^https?:\/\//i.test(text);

/**
 * Checks an OTA file's bytes with the product's parser, as lenient as herdsman is when it sends
 * (a vendor prefix before the identifier, bytes after the total size), plus the index's facts.
 */
export function verifyImage(bytes: Buffer, expect: { sha512?: string; fileSize?: number } = {}) {
  const sha512 = createHash('sha512').update(bytes).digest('hex');
  if (expect.sha512 !== undefined && sha512 !== expect.sha512.toLowerCase()) throw new Error('sha512 does not match the index');
  const parsed = parseOtaImage(bytes, { allowPrefix: true, allowTrailing: true });
  if (!parsed.ok) throw new Error(`${parsed.problem}: ${parsed.message}`);
  const { manufacturerCode, imageType, fileVersion, headerString, totalImageSize } = parsed.image.header;
  if (expect.fileSize !== undefined && expect.fileSize !== totalImageSize)
    throw new Error(`size ${totalImageSize} differs from the index's fileSize ${expect.fileSize}`);
  return { manufacturerCode, imageType, fileVersion, size: totalImageSize, otaHeaderString: headerString, sha512 };
}

export interface ImageSources {
  /** The merged index herdsman reads. */
  readonly path: string;
  /** Reads the sources again and writes the merged index; resolves with its path. */
  refresh(): Promise<string>;
  /** The images of the last refresh. */
  images(): OtaImageInfo[];
  /** The image info of an index entry herdsman matched. */
  describe(entry: { url: string; manufacturerCode: number; imageType: number; fileVersion: number; fileSize?: number; releaseNotes?: string }): OtaImageInfo;
}

export function createImageSources(options: ImageSourceOptions, log: Logger): ImageSources {
  const indexPath = join(options.dataDir, 'ota-index.json');
  let entries: IndexEntry[] = [];
  let remote: { at: number; entries: IndexEntry[] } | undefined;

  const local = async (path: string, expect: { sha512?: string; fileSize?: number }) => verifyImage(await readFile(path), expect);

  const folder = async (): Promise<IndexEntry[]> => {
    let names: string[];
    try {
      names = await readdir(options.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const found: IndexEntry[] = [];
    for (const name of names.sort()) {
      if (name.startsWith('.') || name.endsWith('.json')) continue;
      const url = join(options.dir, name);
      try {
        const image = await local(url, {});
        found.push({
          url,
          fileName: name,
          manufacturerCode: image.manufacturerCode,
          imageType: image.imageType,
          fileVersion: image.fileVersion,
          fileSize: image.size,
          sha512: image.sha512,
          otaHeaderString: image.otaHeaderString,
        });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EISDIR') continue;
        log.warn({ file: url, reason: err instanceof Error ? err.message : String(err) }, 'OTA image left out');
      }
    }
    return found;
  };

  const readIndex = async (location: string): Promise<unknown> => {
    if (!isUrl(location)) return JSON.parse(await readFile(isAbsolute(location) ? location : join(options.dataDir, location), 'utf8'));
    const response = await fetch(location, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  };

  const indexed = async (): Promise<IndexEntry[]> => {
    if (!options.index) return [];
    if (isUrl(options.index) && remote && Date.now() - remote.at < INDEX_TTL_MS) return remote.entries;
    let list: unknown;
    try {
      list = await readIndex(options.index);
    } catch (err) {
      log.warn({ index: options.index, reason: err instanceof Error ? err.message : String(err) }, 'OTA index unreadable; the folder alone is used');
      return remote?.entries ?? [];
    }
    if (!Array.isArray(list)) {
      log.warn({ index: options.index }, 'OTA index is not a list; the folder alone is used');
      return [];
    }
    const out: IndexEntry[] = [];
    for (const item of list as IndexEntry[]) {
      if (typeof item !== 'object' || item === null || typeof item.url !== 'string') continue;
      if (isUrl(item.url)) {
        // herdsman checks sha512 and parses a downloaded image before it answers the device.
        if (item.imageType !== undefined && item.manufacturerCode !== undefined && item.fileVersion !== undefined) out.push(item);
        continue;
      }
      const url = isAbsolute(item.url) ? item.url : join(options.dataDir, item.url);
      try {
        const image = await local(url, { sha512: item.sha512, fileSize: item.fileSize });
        out.push({
          ...item,
          url,
          manufacturerCode: image.manufacturerCode,
          imageType: image.imageType,
          fileVersion: image.fileVersion,
          fileSize: image.size,
          sha512: image.sha512,
        });
      } catch (err) {
        log.warn({ file: url, reason: err instanceof Error ? err.message : String(err) }, 'OTA index entry left out');
      }
    }
    if (isUrl(options.index)) remote = { at: Date.now(), entries: out };
    return out;
  };

  return {
    path: indexPath,
    async refresh() {
      const all = [...(await folder()), ...(await indexed())];
      // Newest first within a manufacturer code and image type: herdsman takes the first match.
      entries = all
        .map((entry, order) => ({ entry, order }))
        .sort((a, b) => (b.entry.fileVersion ?? 0) - (a.entry.fileVersion ?? 0) || a.order - b.order)
        .map((e) => e.entry);
      // Whole or not at all: herdsman may be reading the previous one.
      const temporary = `${indexPath}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(entries, null, 1));
      await rename(temporary, indexPath);
      return indexPath;
    },
    images: () =>
      entries.map((e) => ({
        manufacturerCode: e.manufacturerCode!,
        imageType: e.imageType!,
        fileVersion: e.fileVersion!,
        size: e.fileSize ?? 0,
        source: e.fileName ?? e.url,
        ...(e.releaseNotes ? { releaseNotes: e.releaseNotes } : {}),
      })),
    describe: (entry) => ({
      manufacturerCode: entry.manufacturerCode,
      imageType: entry.imageType,
      fileVersion: entry.fileVersion,
      size: entry.fileSize ?? 0,
      source: isUrl(entry.url) ? entry.url : entry.url.slice(entry.url.lastIndexOf('/') + 1),
      ...(entry.releaseNotes ? { releaseNotes: entry.releaseNotes } : {}),
    }),
  };
}
