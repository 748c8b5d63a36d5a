/**
 * A Zigbee2MQTT data folder as the import reads it: the files it takes (yaml, herdsman's database,
 * the coordinator backup, state.json) by name, and the names of every top-level entry so the
 * report can say what is left behind. From a folder on disk, or from an uploaded archive of one
 * (tar.gz, or the zip Zigbee2MQTT's own `bridge/request/backup` answers).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readTarGz } from '../deconz/tar';
import { isZip, readZip } from './unzip';

export interface Z2mFolder {
  /** Top-level files the import reads, by name. */
  files: Map<string, Buffer>;
  /** Every top-level entry (files and folders), for the list of what is not taken. */
  entries: string[];
}

/** Thrown with a message for the user; the import then changes nothing. */
export class FolderRefused extends Error {}

const READ = /^(.*\.ya?ml|database\.db|coordinator_backup\.json|state\.json)$/;

export async function readZ2mFolder(path: string): Promise<Z2mFolder> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new FolderRefused(`${path} does not exist`);
  if (!info.isDirectory()) return readZ2mArchive(await readFile(path), path);
  const entries = (await readdir(path)).sort();
  const files = new Map<string, Buffer>();
  for (const name of entries) {
    if (!READ.test(name)) continue;
    const file = join(path, name);
    if ((await stat(file)).isFile()) files.set(name, await readFile(file));
  }
  return { files, entries };
}

/** `bytes`: a tar.gz or zip of the data folder (its files at the top, or in one folder). */
export function readZ2mArchive(bytes: Buffer, what = 'the archive'): Z2mFolder {
  let all: Map<string, Buffer>;
  try {
    if (isZip(bytes)) all = readZip(bytes);
    else if (bytes[0] === 0x1f && bytes[1] === 0x8b) all = readTarGz(bytes);
    else throw new Error('neither a zip nor a tar.gz file');
  } catch (err) {
    throw new FolderRefused(`${what} is not a readable Zigbee2MQTT data folder archive: ${(err as Error).message}`);
  }
  const names = [...all.keys()].map((name) => name.replace(/^\/+/, ''));
  // `tar czf z2m.tar.gz zigbee2mqtt/` puts everything under one folder: read from inside it.
  const top = new Set(names.map((name) => name.split('/')[0]!));
  const prefix = top.size === 1 && names.every((name) => name.includes('/')) ? `${[...top][0]}/` : '';
  const files = new Map<string, Buffer>();
  const entries = new Set<string>();
  for (const [name, data] of all) {
    const inside = name.replace(/^\/+/, '').slice(prefix.length);
    if (!inside) continue;
    entries.add(inside.split('/')[0]!);
    if (!inside.includes('/') && READ.test(inside)) files.set(inside, data);
  }
  return { files, entries: [...entries].sort() };
}

/**
 * Whether an upload is meant as a Zigbee2MQTT folder: any zip (Zigbee2MQTT's backup is one), or a
 * tar.gz holding its configuration.yaml or database.db. A damaged zip is still one, so the
 * import explains what is wrong with it.
 */
export function isZ2mUpload(bytes: Uint8Array): boolean {
  if (isZip(bytes)) return true;
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return false;
  try {
    return [...readTarGz(Buffer.from(bytes)).keys()].some((name) => /(^|\/)(configuration\.yaml|database\.db)$/.test(name));
  } catch {
    return false;
  }
}
