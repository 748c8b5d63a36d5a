/**
 * Just enough of the ustar format to read the files of a deCONZ export (`deCONZ.tar.gz`): regular
 * files by name, nothing else. A truncated or malformed archive throws, so a damaged export is
 * refused rather than half read.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return Number.parseInt(text(header, 148, 8).trim(), 8) === sum;
}

/** Files of a gzipped tar, by their name without a leading `./`. */
export function readTarGz(archive: Buffer): Map<string, Buffer> {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive);
  } catch (err) {
    throw new Error(`not a complete gzip file (${(err as Error).message})`);
  }
  const files = new Map<string, Buffer>();
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > tar.length) throw new Error('the tar archive ends without its end marker (truncated)');
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return files;
    if (!checksumOk(header)) throw new Error(`tar header at byte ${offset} is damaged`);
    const name = (text(header, 345, 155) ? `${text(header, 345, 155)}/` : '') + text(header, 0, 100);
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = text(header, 156, 1) || '0';
    const start = offset + BLOCK;
    if (start + size > tar.length) throw new Error(`${name} is cut short in the tar archive (truncated)`);
    if (type === '0') files.set(name.replace(/^\.\//, ''), tar.subarray(start, start + size));
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/** A ustar archive of these files, gzipped: how tests build a deCONZ export. */
export function writeTarGz(files: Record<string, Buffer | string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const header = Buffer.alloc(BLOCK);
    header.write(name, 0, 100);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write(
      `${Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, '0')}\0`,
      136,
    );
    header.write('0', 156);
    header.write('ustar\0', 257);
    header.write('00', 263);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(blocks));
}
