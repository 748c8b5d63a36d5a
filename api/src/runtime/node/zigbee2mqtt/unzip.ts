/**
 * Just enough of the zip format to read a Zigbee2MQTT backup (`bridge/request/backup` answers a
 * zip of the data folder): stored and deflated files found through the central directory. A
 * truncated or malformed archive throws, so a damaged backup is refused rather than half read.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export const isZip = (bytes: Uint8Array): boolean => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Files of a zip archive by name; folders are left out. */
export function readZip(archive: Buffer): Map<string, Buffer> {
  // The end record is the last 22 bytes plus a comment of up to 65535 bytes.
  let end = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 0xffff); at--) {
    if (archive.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new Error('the zip archive has no central directory (truncated)');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error(`zip directory entry ${i + 1} is damaged`);
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (local + 30 > archive.length || archive.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`${name}: its zip header is damaged`);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    if (start + compressed > archive.length) throw new Error(`${name} is cut short in the zip archive (truncated)`);
    const raw = archive.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = inflateRawSync(raw);
      } catch (err) {
        throw new Error(`${name} is damaged in the zip archive (${(err as Error).message})`);
      }
    } else throw new Error(`${name} uses zip compression method ${method}; only stored and deflated files are read`);
    if (data.length !== size) throw new Error(`${name} is damaged in the zip archive (size ${data.length}, expected ${size})`);
    files.set(name.replace(/^\.\//, ''), data);
  }
  return files;
}
