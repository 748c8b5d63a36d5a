import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Network parameters are generated once per installation (never a well-known default key or
 * PAN id) and kept in the data directory beside herdsman's database, so a restart resumes the
 * same network. The channel comes from config because users may move it.
 */
export interface NetworkParams {
  panID: number;
  extendedPanID: number[];
  networkKey: number[];
}

const FILE = 'network.json';

function generate(): NetworkParams {
  return {
    // 0x0000 and 0xFFFF are reserved; 0xFFFE means "unknown" in several stacks.
    panID: randomInt(1, 0xfffe),
    extendedPanID: [...randomBytes(8)],
    networkKey: [...randomBytes(16)],
  };
}

function isValid(value: unknown): value is NetworkParams {
  const p = value as NetworkParams;
  const bytes = (a: unknown, n: number) => Array.isArray(a) && a.length === n && a.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
  return typeof p === 'object' && p !== null && Number.isInteger(p.panID) && p.panID > 0 && p.panID < 0xffff
    && bytes(p.extendedPanID, 8) && bytes(p.networkKey, 16);
}

export async function loadNetworkParams(dataDir: string): Promise<{ params: NetworkParams; created: boolean }> {
  const path = join(dataDir, FILE);
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (!isValid(parsed)) throw new Error(`${path} is corrupt: expected panID, extendedPanID[8], networkKey[16]`);
    return { params: parsed, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const params = generate();
  await mkdir(dataDir, { recursive: true });
  // Write then rename, so a crash never leaves a half-written key file.
  await writeFile(`${path}.tmp`, `${JSON.stringify(params, null, 2)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
  return { params, created: true };
}
